import { hashPassword } from '@/lib/auth/password';
import { prisma } from '@/lib/db/prisma';
import { setting } from '@/lib/env';
import { ensureFailureCategories } from './seed-demo';

/**
 * Data every deployment needs, demo or not: the failure taxonomy, and a first
 * admin from ADMIN_EMAIL / ADMIN_PASSWORD when the database has no users yet.
 */
export async function ensureBaseData(): Promise<string | null> {
  await prisma.$transaction((tx) => ensureFailureCategories(tx));
  if ((await prisma.user.count()) > 0) return null;
  const email = setting('ADMIN_EMAIL')?.toLowerCase();
  const password = setting('ADMIN_PASSWORD');
  if (!email || !password)
    return 'No users exist yet: set ADMIN_EMAIL and ADMIN_PASSWORD and start again to create the first admin.';
  await prisma.user.create({
    data: { email, name: 'Administrator', role: 'ADMIN', passwordHash: await hashPassword(password) },
  });
  return `Created the first admin ${email}`;
}
