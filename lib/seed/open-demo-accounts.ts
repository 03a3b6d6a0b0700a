import { verifyPassword } from '@/lib/auth/password';
import { prisma } from '@/lib/db/prisma';
import { DEMO_PASSWORD, DEMO_USERS } from './seed-demo';

/**
 * The demo accounts that still sign in with the published demo password. On a
 * console reachable from other machines each is an open door (the password is
 * in the README), so `npm start` refuses to expose the console while any is
 * left; deactivating the account or changing its password closes it.
 */
export async function findOpenDemoAccounts(): Promise<string[]> {
  const users = await prisma.user.findMany({
    where: { email: { in: DEMO_USERS.map((u) => u.email) }, active: true },
    select: { email: true, passwordHash: true },
    orderBy: { email: 'asc' },
  });
  const open: string[] = [];
  for (const u of users) if (await verifyPassword(DEMO_PASSWORD, u.passwordHash)) open.push(u.email);
  return open;
}
