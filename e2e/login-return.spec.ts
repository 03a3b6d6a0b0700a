import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { prisma } from '@/lib/db/prisma';
import { createUser } from '@/lib/users/manage-users';
import { createActor } from '../tests/helpers/factories';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginWithReturn, openAndPickFirstCategory, openNavSection, signIn, signInReturningTo } from './helpers';

// Signing in returns to the page that asked for it (a deep link opened signed out, or a page whose
// session ended), with its query; the return address is only ever a path of this site.
test.afterAll(() => disconnectDatabase());

const hex = () => randomBytes(4).toString('hex');

test('a deep link opened signed out leads through the login page back to the page and its filters', async ({
  page,
}) => {
  const model = `e2e-return-${hex()}`;
  await page.goto(`/queue?model=${model}&benchmark=tau2`);
  await expect(page).toHaveURL(loginWithReturn(`/queue?model=${model}&benchmark=tau2`));
  await signIn(page, 'annotator@demo.local');
  await expect(page).toHaveURL(`/queue?model=${model}&benchmark=tau2`);
  const filters = page.getByRole('form', { name: 'Queue filters' });
  await expect(filters.getByLabel('Model')).toHaveValue(model);
  await expect(filters.getByLabel('Benchmark')).toHaveValue('tau2');
});

test('a return address that is not a path of this site is refused: signing in goes to the start page', async ({
  page,
}) => {
  await signInReturningTo(page, '//evil.example/queue');
  await expect(page).toHaveURL('/queue');
  // Already signed in, the login page itself sends on, under the same rule.
  for (const next of ['/\\evil.example', 'https://evil.example/', '/\t/evil.example']) {
    await page.goto(loginWithReturn(next));
    await expect(page).toHaveURL('/queue');
  }
  await page.goto(loginWithReturn('/tasks?benchmark=tau2'));
  await expect(page).toHaveURL('/tasks?benchmark=tau2');
});

test('a page whose session ended sends to the login page and back, on a reload and on a link inside the console', async ({
  page,
}) => {
  const email = `e2e-return-${hex()}@test.local`;
  await createUser(await createActor('ADMIN'), {
    email,
    name: 'Returning',
    role: 'REVIEWER',
    password: 'return-password',
  });
  const expire = async () => {
    const user = await prisma.user.findUniqueOrThrow({ where: { email } });
    await prisma.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  };

  await page.goto('/reviews?status=all');
  await signIn(page, email, 'return-password');
  await expect(page).toHaveURL('/reviews?status=all');
  await expire();
  await page.reload();
  await expect(page).toHaveURL(loginWithReturn('/reviews?status=all'));
  await signIn(page, email, 'return-password');
  await expect(page).toHaveURL('/reviews?status=all');
  await expect(page.getByLabel('Status')).toHaveValue('all');

  // A client-side navigation asks the server too: the page it was going to is the one returned to.
  await expire();
  await openNavSection(page, 'Cards');
  await expect(page).toHaveURL(loginWithReturn('/cards'));
  await signIn(page, email, 'return-password');
  await expect(page).toHaveURL('/cards');
});

test('a diagnosis typed after the session ended says so, offers to sign in again in a new tab, and saves once signed in', async ({
  page,
}) => {
  const email = `e2e-ended-${hex()}@test.local`;
  await createUser(await createActor('ADMIN'), { email, name: 'Ended', role: 'ANNOTATOR', password: 'ended-password' });
  const [id] = await seedRecords([failedRecord({ benchmark: `e2e-ended-${hex()}`, events: 10 })]);
  await page.goto('/login');
  await signIn(page, email, 'ended-password');
  const form = await openAndPickFirstCategory(page, id);
  const user = await prisma.user.findUniqueOrThrow({ where: { email } });
  await prisma.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });

  await form.getByLabel('What went wrong').fill('Typed after the session ended.');
  const ended = page.getByTestId('session-ended').first();
  await expect(ended).toContainText('Your session has ended');
  const link = ended.getByRole('link', { name: 'Sign in again' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', new RegExp(`^/login\\?next=${encodeURIComponent(`/trajectories/${id}`)}`));
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await signIn(popup, email, 'ended-password');
  await expect(popup).toHaveURL(new RegExp(`/trajectories/${id}`));
  await popup.close();

  // This page kept the text; the next edit saves all of it under the new session.
  await expect(form.getByLabel('What went wrong')).toHaveValue('Typed after the session ended.');
  await form.getByLabel('What should have happened').fill('Saved after signing in again.');
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  const draft = await prisma.diagnosis.findFirst({ where: { trajectoryId: id, authorId: user.id } });
  expect(draft).toMatchObject({
    whatWentWrong: 'Typed after the session ended.',
    whatShouldHaveHappened: 'Saved after signing in again.',
  });
});
