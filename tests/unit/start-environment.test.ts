import { describe, expect, it } from 'vitest';
import { startEnvironmentProblems } from '../../scripts/lib/start-environment';

describe('the environment npm start checks before starting anything', () => {
  it('accepts the documented values, an empty environment and empty values (unset)', () => {
    expect(startEnvironmentProblems({})).toEqual([]);
    expect(
      startEnvironmentProblems({
        PORT: '3000',
        DEMO_SEED: 'OFF',
        ADMIN_EMAIL: 'you@example.com',
        ADMIN_PASSWORD: 'change-me-now',
        OPENAI_BASE_URL: 'http://localhost:8000/v1',
        PUBLIC_URL: 'https://console.example.com',
        WORKER: 'off',
        LLM_MAX_RETRIES: '0',
        IMPORT_MAX_UPLOAD_MB: '0.5',
        DATABASE_URL: 'postgresql://u:p@db:5432/console',
        SESSION_TTL_HOURS: '',
      }),
    ).toEqual([]);
  });

  it('names each mistyped variable with what it must be and what it got', () => {
    expect(
      startEnvironmentProblems({
        DEMO_SEED: 'false',
        WORKER: '0',
        PORT: 'abc',
        SESSION_TTL_HOURS: '1.5',
        LLM_CONCURRENCY: '100',
        DATABASE_URL: 'localhost:5432/db',
      }),
    ).toEqual([
      'DATABASE_URL: must be a postgresql:// URL (got "localhost:5432/db")',
      'PORT: must be a whole number (got "abc")',
      'DEMO_SEED: must be "on" or "off" (got "false")',
      'SESSION_TTL_HOURS: must be a whole number (got "1.5")',
      'LLM_CONCURRENCY: must be between 1 and 64 (got "100")',
      'WORKER: must be "on" or "off" (got "0")',
    ]);
  });

  it('refuses an OpenAI endpoint without http(s)://, which passed as a URL and failed every run', () => {
    expect(startEnvironmentProblems({ OPENAI_BASE_URL: 'localhost:8000/v1' })).toEqual([
      'OPENAI_BASE_URL: must be an http:// or https:// URL, e.g. http://localhost:8000/v1 (got "localhost:8000/v1")',
    ]);
  });

  it('holds the first admin to the console’s password rule, without echoing the password', () => {
    expect(
      startEnvironmentProblems({ DEMO_SEED: 'off', ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'x' }),
    ).toEqual(['ADMIN_PASSWORD: must be at least 8 characters']);
    expect(startEnvironmentProblems({ DEMO_SEED: 'off', ADMIN_EMAIL: 'boss@example.test' })).toEqual([
      'ADMIN_EMAIL: set both ADMIN_EMAIL and ADMIN_PASSWORD (the first admin needs both), or neither (got "boss@example.test")',
    ]);
  });
});
