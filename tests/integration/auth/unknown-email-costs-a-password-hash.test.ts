import { describe, expect, it, vi } from 'vitest';
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

/** The scrypt work of one failed sign-in. */
async function failedAttempt(email: string): Promise<{ work: typeof scryptCalls }> {
  scryptCalls.length = 0;
  await expect(login(email, 'not-the-password', `10.9.${Math.floor(Math.random() * 250)}.1`)).rejects.toMatchObject({
    code: 'UNAUTHENTICATED',
    message: 'E-mail or password is wrong',
  });
  return { work: [...scryptCalls] };
}

describe('sign-in with an unknown e-mail', () => {
  it('costs the same password hash as a wrong password for a real account (no account enumeration)', async () => {
    const user = await createUser('ANNOTATOR', { password: 'the-real-password' });
    const known = await failedAttempt(user.email);
    const unknown = await failedAttempt(`nobody-${uid()}@example.test`);
    expect(known.work).toHaveLength(1);
    expect(unknown.work).toEqual(known.work);
  });
});
