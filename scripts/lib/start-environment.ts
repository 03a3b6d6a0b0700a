import { z } from 'zod';
import { withoutEmptyValues } from '@/lib/env';

/**
 * The documented variables (README "Configuration", .env.example) checked
 * before `npm start` starts anything. Each was read where it is used, so a
 * typo surfaced late or never: `DEMO_SEED=false` seeded the demo users with
 * their published password (only the exact word `off` turned it off),
 * `OPENAI_BASE_URL=localhost:8000/v1` passed as a "URL" and every LLM run then
 * failed, `ADMIN_PASSWORD=x` created an admin with a one-letter password the
 * console itself refuses, and `SESSION_TTL_HOURS=abc` made every sign-in a 500.
 */
const onOff = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === 'on' || v === 'off', 'must be "on" or "off"')
  .optional();

const count = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v), 'must be a whole number')
    .refine((v) => !/^\d+$/.test(v) || (Number(v) >= min && Number(v) <= max), `must be between ${min} and ${max}`)
    .optional();

const httpUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/[^/\s]+/i.test(v) && URL.canParse(v), 'must be an http:// or https:// URL, e.g. http://localhost:8000/v1')
  .optional();

const startEnvSchema = z
  .object({
    DATABASE_URL: z
      .string()
      .trim()
      .refine((v) => /^postgres(ql)?:\/\//i.test(v) && URL.canParse(v), 'must be a postgresql:// URL')
      .optional(),
    PORT: count(1, 65535),
    EMBEDDED_PG_PORT: count(1, 65535),
    DEMO_SEED: onOff,
    ADMIN_EMAIL: z.string().trim().email('must be an e-mail address').optional(),
    // The console's own rule for passwords (lib/users/schemas.ts).
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    PUBLIC_URL: httpUrl,
    SESSION_TTL_HOURS: count(1),
    QUEUE_CLAIM_IDLE_MINUTES: count(1),
    IMPORT_MAX_UPLOAD_MB: z
      .string()
      .trim()
      .refine((v) => Number(v) > 0, 'must be a positive number of MB')
      .optional(),
    OPENAI_BASE_URL: httpUrl,
    LLM_TIMEOUT_MS: count(1),
    LLM_MAX_RETRIES: count(0, 10),
    LLM_CONCURRENCY: count(1, 64),
    WORKER: onOff,
    WORKER_CONCURRENCY: count(1),
    DATABASE_POOL_SIZE: count(1),
    DATABASE_READ_POOL_SIZE: count(1),
    DATABASE_READ_PIPELINE: count(1),
  })
  .refine((e) => e.DEMO_SEED !== 'off' || !e.ADMIN_EMAIL === !e.ADMIN_PASSWORD, {
    message: 'set both ADMIN_EMAIL and ADMIN_PASSWORD (the first admin needs both), or neither',
    path: ['ADMIN_EMAIL'],
  });

/** One line per wrong variable ("DEMO_SEED: must be \"on\" or \"off\" (got \"false\")"), empty when all are fine. */
export function startEnvironmentProblems(env: Record<string, string | undefined>): string[] {
  // An empty value counts as unset, as in a .env file with `NAME=` (and as the console reads it).
  const given = withoutEmptyValues(env);
  const parsed = startEnvSchema.safeParse(given);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => {
    const name = String(i.path[0] ?? '');
    const secret = /PASSWORD|KEY/.test(name);
    const got = name in given && !secret ? ` (got ${JSON.stringify(given[name])})` : '';
    return `${name}: ${i.message}${got}`;
  });
}
