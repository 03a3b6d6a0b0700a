import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { createUser } from '../tests/helpers/factories';
import { DEMO_PASSWORD, loginAs, logOut, navSections, openNavSection } from './helpers';

const ROLES = [
  {
    email: 'annotator@demo.local',
    role: 'annotator',
    sees: ['Queue', 'Tasks', 'Cards', 'Dashboard'],
    hidden: ['Admin', 'Reviews', 'Imports'],
  },
  {
    email: 'reviewer@demo.local',
    role: 'reviewer',
    sees: ['Queue', 'Tasks', 'Reviews', 'Cards', 'Retrieval', 'Dashboard'],
    hidden: ['Admin', 'Imports'],
  },
  {
    email: 'researcher@demo.local',
    role: 'researcher',
    sees: ['Tasks', 'Reviews', 'Cards', 'Retrieval', 'Dashboard', 'Imports'],
    hidden: ['Admin', 'Queue'],
  },
  {
    email: 'admin@demo.local',
    role: 'admin',
    sees: ['Queue', 'Tasks', 'Reviews', 'Cards', 'Retrieval', 'Dashboard', 'Imports', 'Admin'],
    hidden: [],
  },
];

for (const r of ROLES) {
  test(`${r.role} signs in, sees the sections of the role, and logs out`, async ({ page }) => {
    await loginAs(page, r.email);
    await expect(page.getByTestId('current-user')).toContainText(r.role);
    // On the bar or, in a narrow window, under "More" (e2e/navigation.spec.ts checks the layout itself).
    const sections = await navSections(page);
    for (const label of r.sees) expect(sections).toContain(label);
    for (const label of r.hidden) expect(sections).not.toContain(label);
    await logOut(page);
    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/login\?next=%2Ftasks$/);
  });
}

test('"Log out" works before the page\'s JavaScript runs: a plain form post ends the session and lands on the login page', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const signIn = await context.request.post('/api/auth/login', {
      data: { email: 'annotator@demo.local', password: DEMO_PASSWORD },
    });
    expect(signIn.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto('/queue');
    await expect(page.getByTestId('current-user')).toContainText('annotator');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.request.get('/api/auth/me')).status()).toBe(401);
  } finally {
    await context.close();
  }
});

test('a wrong password shows a clear message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('admin@demo.local');
  await page.getByLabel('Password').fill('nope');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'E-mail or password is wrong' })).toBeVisible();
});

test('an annotator is refused the admin pages and the admin API', async ({ page }) => {
  await loginAs(page, 'annotator@demo.local');
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/forbidden/);
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  // Inside the console: the role's navigation, the reason, and a way home.
  const notice = page.getByTestId('forbidden');
  await expect(notice).toContainText(
    'Your role (annotator) cannot open this page: it needs the permission admin:users.',
  );
  await expect(page.getByTestId('current-user')).toContainText('annotator');
  expect(await navSections(page)).toContain('Queue');
  await notice.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page).toHaveURL(/\/queue(\?|$)/);
  const list = await page.request.get('/api/admin/users');
  expect(list.status()).toBe(403);
  const create = await page.request.post('/api/admin/users', {
    data: { email: 'sneaky@test.local', name: 'Sneaky', role: 'ADMIN', password: 'password1' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(create.status()).toBe(403);
  expect((await create.json()).error.code).toBe('FORBIDDEN');
});

test('an anonymous API caller gets 401 JSON', async ({ request }) => {
  const res = await request.get('/api/admin/users');
  expect(res.status()).toBe(401);
  expect((await res.json()).error.code).toBe('UNAUTHENTICATED');
});

test('an admin creates a user who can then sign in, and deactivation locks them out', async ({ page, browser }) => {
  const email = `e2e-${randomBytes(3).toString('hex')}@test.local`;
  await loginAs(page, 'admin@demo.local');
  await openNavSection(page, 'Admin');
  const form = page.getByRole('form', { name: 'New user' });
  await form.getByLabel('Name').fill('Eve Example');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Role').selectOption('REVIEWER');
  await form.getByLabel('Initial password').fill('first-login-pass');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByRole('status')).toHaveText(`Created ${email}`);
  await expect(page.getByTestId(`user-row-${email}`)).toBeVisible();

  const other = await browser.newContext();
  const newcomer = await other.newPage();
  await loginAs(newcomer, email, 'first-login-pass');
  await expect(newcomer.getByTestId('current-user')).toContainText('reviewer');

  await page.getByTestId(`user-row-${email}`).getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByTestId(`user-row-${email}`)).toContainText('deactivated');
  await newcomer.reload();
  await expect(newcomer).toHaveURL(/\/login\?next=%2Fqueue$/);
  await other.close();
});

test("an admin resets a user's password: the user is signed out and signs in with the new one only", async ({
  page,
  browser,
}) => {
  const { email } = await createUser('ANNOTATOR', { password: 'first-login-pass' });
  await loginAs(page, 'admin@demo.local');
  await openNavSection(page, 'Admin');
  const row = page.getByTestId(`user-row-${email}`);
  await expect(row).toBeVisible();

  const other = await browser.newContext();
  const user = await other.newPage();
  await loginAs(user, email, 'first-login-pass');

  await row.getByRole('button', { name: 'Reset password' }).click();
  await row.getByLabel(`New password for ${email}`).fill('second-login-pass');
  await row.getByLabel(`New password for ${email}`).press('Enter');
  await expect(row.getByRole('status')).toHaveText(`Password reset; ${email} was signed out everywhere.`);
  await user.reload();
  await expect(user).toHaveURL(/\/login\?next=%2Fqueue$/);
  await user.getByLabel('E-mail').fill(email);
  await user.getByLabel('Password').fill('first-login-pass');
  await user.getByRole('button', { name: 'Sign in' }).click();
  // Not a bare getByRole('alert'): Next's route announcer has that role too (failed once in CI, strict mode).
  await expect(user.getByRole('alert').filter({ hasText: 'E-mail or password is wrong' })).toBeVisible();
  await loginAs(user, email, 'second-login-pass');
  await other.close();
});

test('after too many wrong passwords the login page counts the wait down, then the right password works', async ({
  page,
}) => {
  const { email } = await createUser('ANNOTATOR', { password: 'the-right-password' });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  const password = page.getByLabel('Password');
  const signIn = page.getByRole('button', { name: 'Sign in' });
  // Five wrong passwords are answered 401; the sixth starts a 2 s block (429 with Retry-After).
  for (let i = 0; i < 6; i++) {
    await password.fill(`wrong-${i}`);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await signIn.click();
    expect((await answered).status()).toBe(i < 5 ? 401 : 429);
  }
  const throttled = page.getByTestId('login-throttled');
  await expect(throttled).toHaveText(/^Too many failed sign-ins\. Try again in [12] seconds?\.$/);
  await expect(page.getByRole('button', { name: /^Wait / })).toBeDisabled();
  await expect(throttled).toHaveText('You can try again now.');
  await password.fill('the-right-password');
  await signIn.click();
  await expect(page.getByTestId('current-user')).toBeVisible();
});

test('a client cannot pick a fresh address for the sign-in throttle by sending its own X-Forwarded-For', async ({
  request,
}) => {
  const spoofed = `203.0.113.${randomBytes(1)[0]}`;
  const res = await request.post('/api/auth/login', {
    headers: { 'x-forwarded-for': spoofed },
    data: { email: `nobody-${randomBytes(3).toString('hex')}@test.local`, password: 'a-guess' },
  });
  expect(res.status()).toBe(401);
  // The failure is counted against the socket's peer (this machine), not the address the client claimed.
  const keys = (
    await prisma.$queryRaw<{ key: string }[]>`SELECT key FROM rate_limit WHERE key LIKE 'login-fail:address:%'`
  ).map((r) => r.key);
  expect(keys.filter((k) => k.endsWith(spoofed))).toEqual([]);
  expect(keys.some((k) => /(127\.0\.0\.1|::1)$/.test(k))).toBe(true);
});

test('a cross-site write is refused even when the client names the foreign site in X-Forwarded-Host', async ({
  page,
}) => {
  await loginAs(page, 'annotator@demo.local');
  // A signed-in session posting with a foreign Origin, claiming that origin is the host it came through.
  const res = await page.request.post('/api/queue/next', {
    headers: { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    data: {},
  });
  // The server took the host from the request, not from the client's header, so the origins differ.
  expect(res.status()).toBe(403);
  expect((await res.json()).error.message).toBe('Cross-site request refused');
});
