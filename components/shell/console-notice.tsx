import Link from 'next/link';
import type { ReactNode } from 'react';
import { BackLink } from './back-link';

/**
 * A page that can only say why it shows nothing (not found, not allowed):
 * a card with a code, a heading, the reason, and the ways back — the previous
 * page and `home`. Rendered inside the console layout when someone is signed in.
 */
export function ConsoleNotice({
  code,
  title,
  home,
  homeLabel,
  testId,
  children,
}: {
  code: string;
  title: string;
  home: string;
  homeLabel: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      className="mx-auto mt-12 max-w-lg rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200"
      data-testid={testId}
    >
      <p className="font-mono text-sm text-slate-500">{code}</p>
      <h1 className="mt-1 text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{children}</p>
      <div className="mt-5 flex flex-wrap items-center justify-center gap-3">
        <BackLink fallback={home} />
        <Link href={home} className="text-sm font-medium text-indigo-700 hover:underline">
          {homeLabel}
        </Link>
      </div>
    </div>
  );
}
