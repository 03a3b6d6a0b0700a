import { describe, expect, it } from 'vitest';
import { hashPassword } from '@/lib/auth/password';
import { prisma } from '@/lib/db/prisma';
import { findOpenDemoAccounts } from '@/lib/seed/open-demo-accounts';
import { DEMO_PASSWORD } from '@/lib/seed/seed-demo';

describe('demo accounts that would be an open door on an exposed console', () => {
  it('lists the active demo accounts that still take the published password, and none once it is changed', async () => {
    const demo = await hashPassword(DEMO_PASSWORD);
    await prisma.user.createMany({
      data: [
        { email: 'admin@demo.local', name: 'A', role: 'ADMIN', passwordHash: demo },
        { email: 'reviewer@demo.local', name: 'R', role: 'REVIEWER', passwordHash: demo, active: false },
        {
          email: 'researcher@demo.local',
          name: 'S',
          role: 'RESEARCHER',
          passwordHash: await hashPassword('changed-1234'),
        },
        { email: 'someone@example.test', name: 'X', role: 'ADMIN', passwordHash: demo },
      ],
    });
    expect(await findOpenDemoAccounts()).toEqual(['admin@demo.local']);
    await prisma.user.update({
      where: { email: 'admin@demo.local' },
      data: { passwordHash: await hashPassword('a-new-password') },
    });
    expect(await findOpenDemoAccounts()).toEqual([]);
  });
});
