import { environmentSchema, withoutEmptyValues } from '@/lib/env';

/**
 * The documented variables (docs/operating.md "Configuration", .env.example) checked
 * before `npm start` starts anything, by the rules the console reads them with
 * (lib/env.ts: one schema for both). Each was read where it is used, so a
 * typo surfaced late or never: `DEMO_SEED=false` seeded the demo users with
 * their published password (only the exact word `off` turned it off),
 * `OPENAI_BASE_URL=localhost:8000/v1` passed as a "URL" and every LLM run then
 * failed, `ADMIN_PASSWORD=x` created an admin with a one-letter password the
 * console itself refuses, and `SESSION_TTL_HOURS=abc` made every sign-in a 500.
 */
const startEnvSchema = environmentSchema.refine((e) => e.DEMO_SEED !== 'off' || !e.ADMIN_EMAIL === !e.ADMIN_PASSWORD, {
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
