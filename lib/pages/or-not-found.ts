import { ZodError } from 'zod';
import { AppError } from '@/lib/errors';

/**
 * A detail page's load, with "there is no such thing" as `null` instead of an
 * error: the page then renders its own not-found state (and keeps the console
 * shell), while every other failure still reaches the error boundary.
 * `malformedIsMissing`: an id that does not even parse (ZodError) is also missing.
 */
export async function orNotFound<T>(
  load: Promise<T>,
  { malformedIsMissing = false }: { malformedIsMissing?: boolean } = {},
): Promise<T | null> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    if (malformedIsMissing && err instanceof ZodError) return null;
    throw err;
  }
}
