import { expect } from 'vitest';
import { AppError } from '@/lib/errors';

/** The AppError a domain call was refused with; fails the test when the call succeeds or throws anything else. */
export async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'expected a refusal').toBeInstanceOf(AppError);
  return err as AppError;
}
