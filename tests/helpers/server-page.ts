import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Role } from '@prisma/client';
import { login } from '@/lib/users/sessions';
import { createUser } from './factories';
import { testRequest } from './next-headers-mock';

/**
 * Signs a new user of `role` in and makes the mocked `next/headers` request
 * theirs: server pages rendered next then read as that user. The test file mocks
 * `next/headers` with `nextHeadersFromTestRequest` (see next-headers-mock.ts).
 */
export async function signInTestRequest(role: Role, url = 'http://console.test/'): Promise<void> {
  const user = await createUser(role, { password: 'password1' });
  const { token } = await login(user.email, 'password1');
  testRequest.current = new Request(url, { headers: { cookie: `mc_session=${token}`, host: 'console.test' } });
}

/** A server page's markup (client parts that read through TanStack Query render as loading). */
export async function renderServerPage(page: Promise<ReactElement>): Promise<string> {
  return renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, await page));
}
