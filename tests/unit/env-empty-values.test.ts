import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the server environment', () => {
  it('reads NAME= as not set, as npm start does: an empty PUBLIC_URL or SESSION_TTL_HOURS falls back instead of failing every request', async () => {
    vi.stubEnv('DATABASE_URL', 'postgresql://u:p@db:5432/console');
    vi.stubEnv('PUBLIC_URL', '');
    vi.stubEnv('SESSION_TTL_HOURS', ' ');
    vi.stubEnv('OPENAI_BASE_URL', '');
    vi.resetModules();
    const { env } = await import('@/lib/env');
    expect(env().SESSION_TTL_HOURS).toBe(168);
    expect(env().PUBLIC_URL).toBeUndefined();
    expect(env().OPENAI_BASE_URL).toBeUndefined();
    const { startEnvironmentProblems } = await import('../../scripts/lib/start-environment');
    expect(startEnvironmentProblems(process.env)).toEqual([]);
  });

  it('still refuses a value that is set and wrong, naming it', async () => {
    vi.stubEnv('DATABASE_URL', 'postgresql://u:p@db:5432/console');
    vi.stubEnv('SESSION_TTL_HOURS', 'a week');
    vi.resetModules();
    const { env } = await import('@/lib/env');
    expect(() => env()).toThrow(/SESSION_TTL_HOURS/);
  });
});
