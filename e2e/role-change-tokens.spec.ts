import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { loginAs } from './helpers';

test('a role change that revokes API tokens says how many first, says what it revoked, and Undo says they stay revoked', async ({
  page,
}) => {
  const tag = randomBytes(3).toString('hex');
  const email = `e2e-role-${tag}@test.local`;
  const user = await prisma.user.create({ data: { email, name: 'Role Tokens', role: 'REVIEWER', passwordHash: 'x' } });
  const token = await prisma.apiToken.create({
    data: { name: `ci bot ${tag}`, role: 'REVIEWER', userId: user.id, tokenHash: `e2e-${tag}`, prefix: 'mct_e2e' },
  });
  await loginAs(page, 'admin@demo.local');
  await page.goto('/admin/users');
  const row = page.getByTestId(`user-row-${email}`);
  const role = row.getByLabel(`Role of ${email}`);

  // Asked first, naming the token; Cancel changes nothing.
  await role.selectOption('ANNOTATOR');
  const confirm = row.getByRole('group', { name: `Confirm: role of ${email}` });
  await expect(confirm).toContainText(`Making ${email} annotator revokes 1 API token (“ci bot ${tag}”)`);
  await expect(confirm).toContainText('Undo restores the role, not the tokens.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(role).toHaveValue('REVIEWER');
  expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe('REVIEWER');

  await role.selectOption('ANNOTATOR');
  await confirm.getByRole('button', { name: 'Change role and revoke the token' }).click();
  await expect(row.getByTestId('saved-note')).toContainText(
    `Saved: role annotator; revoked 1 API token (“ci bot ${tag}”)`,
  );
  expect((await prisma.apiToken.findUniqueOrThrow({ where: { id: token.id } })).revokedAt).not.toBeNull();

  await row.getByRole('button', { name: 'Undo' }).click();
  await expect(row.getByTestId('saved-note')).toContainText(
    `undone (role reviewer); 1 API token (“ci bot ${tag}”) stays revoked`,
  );
  await expect(role).toHaveValue('REVIEWER');
  expect((await prisma.apiToken.findUniqueOrThrow({ where: { id: token.id } })).revokedAt).not.toBeNull();
});
