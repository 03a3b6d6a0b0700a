import { z } from 'zod';

/** An optional text filter of a list query: trimmed, at most `max` characters; blank means no filter. */
export const optionalFilterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);
