import { z } from 'zod';

/** Server environment, validated once. Secrets come only from here, never from the database. */
const envSchema = z.object({
  DATABASE_URL: z.string().url('DATABASE_URL must be a postgresql:// URL'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Cookies get the Secure flag when the console is served over https.
  PUBLIC_URL: z.string().url().optional(),
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(24 * 7),
  QUEUE_CLAIM_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  IMPORT_MAX_UPLOAD_MB: z.coerce.number().positive().default(200),
});

export type Env = z.infer<typeof envSchema>;

/**
 * The environment with empty values left out: `NAME=` in a .env file or a
 * deployment template means "not set", as `npm start` reads it
 * (scripts/lib/start-environment.ts). Parsed as given, `PUBLIC_URL=` failed
 * as an invalid URL on every request, and `LLM_TIMEOUT_MS=` as 0.
 */
export function withoutEmptyValues(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined && e[1].trim() !== ''));
}

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(withoutEmptyValues(process.env));
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
      throw new Error(`Invalid environment:\n${lines.join('\n')}`);
    }
    cached = parsed.data;
  }
  return cached;
}
