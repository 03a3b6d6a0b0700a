import { describe, expect, it, vi } from 'vitest';
import { FREE_ACCOUNT_FAILURES } from '@/lib/auth/login-throttle';
import { login } from '@/lib/users/sessions';
import { createUser, uid } from '../../helpers/factories';

// Every scrypt sign-in runs, with its parameters: the work an attempt costs.
const scryptCalls = vi.hoisted(() => [] as { keylen: number; N?: number; r?: number; p?: number }[]);
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const scrypt = ((...args: Parameters<typeof real.scrypt>) => {
    const [, , keylen, options] = args as unknown as [unknown, unknown, number, { N?: number; r?: number; p?: number }];
    scryptCalls.push({ keylen, N: options?.N, r: options?.r, p: options?.p });
    return (real.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof real.scrypt;
  return { ...real, default: { ...real, scrypt }, scrypt };
});

/** The scrypt work of one failed sign-in, and how long it took. */
async function failedAttempt(email: string): Promise<{ work: typeof scryptCalls; ms: number }> {
  scryptCalls.length = 0;
  const started = performance.now();
  await expect(login(email, 'not-the-password', `10.9.${Math.floor(Math.random() * 250)}.1`)).rejects.toMatchObject({
    code: 'UNAUTHENTICATED',
    message: 'E-mail or password is wrong',
  });
  return { work: [...scryptCalls], ms: performance.now() - started };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('sign-in with an unknown e-mail', () => {
  it('costs the same password hash as a wrong password for a real account (no account enumeration)', async () => {
    const user = await createUser('ANNOTATOR', { password: 'the-real-password' });
    const known = await failedAttempt(user.email);
    const unknown = await failedAttempt(`nobody-${uid()}@example.test`);
    expect(known.work).toHaveLength(1);
    expect(unknown.work).toEqual(known.work);
  });

  it('takes about as long as a wrong password for a real account', async () => {
    const user = await createUser('ANNOTATOR', { password: 'the-real-password' });
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < FREE_ACCOUNT_FAILURES - 1; i++) {
      known.push((await failedAttempt(user.email)).ms);
      unknown.push((await failedAttempt(`nobody-${uid()}@example.test`)).ms);
    }
    // Loose on purpose (a shared machine): before, the unknown path took under a quarter of the time.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.6);
  });
});
