import { z } from 'zod';

/**
 * Every documented environment variable (docs/operating.md "Configuration") and its rule, stated once: `npm start`
 * checks the environment against it before starting anything (scripts/lib/start-environment.ts), and the
 * console reads its settings through it (env() here, getLlmConfig in lib/llm/config.ts), so the two cannot
 * disagree about a value: one that `npm start` accepts is one the console reads, with the same type.
 * A variable docs/operating.md documents without a rule here fails tests/unit/env-documented.test.ts.
 *
 * Each rule reads the text as given (an empty value is unset, see withoutEmptyValues) and says what it must
 * be in words npm start prints as is ("DEMO_SEED: must be \"on\" or \"off\" (got \"false\")").
 */
const onOff = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === 'on' || v === 'off', 'must be "on" or "off"');

const count = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v), 'must be a whole number')
    .refine((v) => !/^\d+$/.test(v) || (Number(v) >= min && Number(v) <= max), `must be between ${min} and ${max}`)
    .transform(Number);

const httpUrl = z
  .string()
  .trim()
  .refine(
    (v) => /^https?:\/\/[^/\s]+/i.test(v) && URL.canParse(v),
    'must be an http:// or https:// URL, e.g. http://localhost:8000/v1',
  );

const postgresUrl = z
  .string()
  .trim()
  .refine((v) => /^postgres(ql)?:\/\//i.test(v) && URL.canParse(v), 'must be a postgresql:// URL');

const text = z.string();

export const environmentSchema = z.object({
  // Optional here: npm start starts an embedded PostgreSQL when it is not set (the console requires it, see env()).
  DATABASE_URL: postgresUrl.optional(),
  PORT: count(1, 65535).default(3000),
  // Loopback unless told otherwise (lib/http/allowed-hosts.ts).
  HOST: z
    .string()
    .trim()
    .refine(
      (v) => /^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]+|[A-Za-z0-9.-]+)$/.test(v),
      'must be an address to listen on, e.g. 0.0.0.0',
    )
    .optional(),
  ALLOWED_HOSTS: z
    .string()
    .trim()
    .refine(
      (v) => v.split(',').every((h) => /^[A-Za-z0-9.:[\]-]+$/.test(h.trim())),
      'must be host names separated by commas, e.g. console.example.com,10.0.0.5',
    )
    .optional(),
  EMBEDDED_PG_PORT: count(1, 65535).default(54329),
  EMBEDDED_PG_DIR: text.optional(),
  DEMO_SEED: onOff.default('on'),
  ADMIN_EMAIL: z.string().trim().email('must be an e-mail address').optional(),
  // The console's own rule for passwords (lib/users/schemas.ts).
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  // Cookies get the Secure flag when the console is served over https.
  PUBLIC_URL: httpUrl.optional(),
  SESSION_TTL_HOURS: count(1).default(24 * 7),
  QUEUE_CLAIM_IDLE_MINUTES: count(1).default(30),
  IMPORT_MAX_UPLOAD_MB: z
    .string()
    .trim()
    .refine((v) => Number(v) > 0 && Number.isFinite(Number(v)), 'must be a positive number of MB')
    .transform(Number)
    .default(200),
  // One set of limits for every archive an import unpacks or reads (lib/import/archive/limits.ts).
  IMPORT_ARCHIVE_MAX_MB: count(1).default(2048),
  IMPORT_ARCHIVE_MAX_ENTRIES: count(1).default(20_000),
  OPENAI_BASE_URL: httpUrl.optional(),
  // Secrets come only from the environment, never from the database.
  OPENAI_API_KEY: text.optional(),
  LLM_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: count(1).default(120_000),
  LLM_MAX_RETRIES: count(0, 10).default(3),
  LLM_CONCURRENCY: count(1, 64).default(4),
  WORKER: onOff.default('on'),
  WORKER_CONCURRENCY: count(1).default(2),
  DATABASE_POOL_SIZE: count(1).default(10),
  DATABASE_READ_POOL_SIZE: count(1).default(3),
  DATABASE_READ_PIPELINE: count(1).default(4),
  NEXT_DIST_DIR: text.optional(),
  // Set by Next.js and the test runner, not by an operator (so not in docs/operating.md).
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

/** Variables the schema knows that an operator does not set (not documented in docs/operating.md). */
export const UNDOCUMENTED_VARIABLES = ['NODE_ENV'] as const;

// What the console reads through env() (the LLM variables: lib/llm/config.ts), by the same rules; it cannot
// run without a database, which npm start (or the operator) always gives it. The rest is npm start's.
const consoleSchema = environmentSchema
  .pick({
    NODE_ENV: true,
    PUBLIC_URL: true,
    SESSION_TTL_HOURS: true,
    QUEUE_CLAIM_IDLE_MINUTES: true,
    OPENAI_BASE_URL: true,
    OPENAI_API_KEY: true,
    IMPORT_MAX_UPLOAD_MB: true,
  })
  .extend({ DATABASE_URL: postgresUrl });

export type Env = z.infer<typeof consoleSchema>;

/**
 * The environment with empty values left out: `NAME=` in a .env file or a
 * deployment template means "not set", as `npm start` reads it
 * (scripts/lib/start-environment.ts). Parsed as given, `PUBLIC_URL=` failed
 * as an invalid URL on every request, and `LLM_TIMEOUT_MS=` as 0.
 */
export function withoutEmptyValues(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined && e[1].trim() !== ''),
  );
}

type Setting = keyof typeof environmentSchema.shape;

/**
 * One variable by its rule above, for what reads it outside env() (npm start, the worker, the database
 * pools, the CLI, the first admin): `NAME=` is unset and gives the default, as npm start's check reads it.
 * These read process.env by hand and drifted: `DATABASE_POOL_SIZE=` passed the check as unset and then
 * made a pool of 0 connections, `PORT=` served on a random port, `WORKER=off ` kept the worker on.
 */
export function setting<K extends Setting>(name: K): z.output<(typeof environmentSchema.shape)[K]> {
  const parsed = environmentSchema.shape[name].safeParse(withoutEmptyValues(process.env)[name]);
  if (!parsed.success)
    throw new Error(`Invalid environment: ${name}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data as z.output<(typeof environmentSchema.shape)[K]>;
}

let cached: Env | undefined;

/** Server environment, validated once. */
export function env(): Env {
  if (!cached) {
    const parsed = consoleSchema.safeParse(withoutEmptyValues(process.env));
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
      throw new Error(`Invalid environment:\n${lines.join('\n')}`);
    }
    cached = parsed.data;
  }
  return cached;
}
