import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { environmentSchema, UNDOCUMENTED_VARIABLES } from '@/lib/env';
import { startEnvironmentProblems } from '../../scripts/lib/start-environment';

/** The variables named in the first column of the "Configuration" table of the operators' page. */
function documentedVariables(): string[] {
  const page = readFileSync('docs/operating.md', 'utf8');
  const section = page.slice(
    page.indexOf('\n## Configuration'),
    page.indexOf('\n### ', page.indexOf('\n## Configuration')),
  );
  const rows = section.split('\n').filter((l) => l.startsWith('| `'));
  return rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
}

describe('every documented environment variable has one rule', () => {
  it('finds the configuration table (so the check below cannot pass on nothing)', () => {
    expect(documentedVariables()).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'ADMIN_PASSWORD', 'LLM_CONCURRENCY', 'NEXT_DIST_DIR']),
    );
  });

  it('has a rule in the shared schema for each variable docs/operating.md documents, and documents each rule', () => {
    const documented = documentedVariables();
    const ruled = Object.keys(environmentSchema.shape);
    expect(documented.filter((v) => !ruled.includes(v))).toEqual([]);
    expect(
      ruled.filter((v) => !documented.includes(v) && !(UNDOCUMENTED_VARIABLES as readonly string[]).includes(v)),
    ).toEqual([]);
  });

  describe('the console and npm start read a value alike', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.resetModules();
    });

    it('refuses an OpenAI endpoint without http(s):// in the console too (it passed there as a URL, then every run failed)', async () => {
      vi.stubEnv('DATABASE_URL', 'postgresql://u:p@db:5432/console');
      vi.stubEnv('OPENAI_BASE_URL', 'localhost:8000/v1');
      vi.resetModules();
      expect(startEnvironmentProblems(process.env)).toEqual([
        expect.stringMatching(/^OPENAI_BASE_URL: must be an http:\/\/ or https:\/\/ URL/),
      ]);
      const { env } = await import('@/lib/env');
      expect(() => env()).toThrow(/OPENAI_BASE_URL: must be an http:\/\/ or https:\/\/ URL/);
      const { getLlmConfig } = await import('@/lib/llm/config');
      await expect(getLlmConfig()).rejects.toThrow(/must be an http:\/\/ or https:\/\/ URL/);
    });

    it('gives the console the typed values npm start accepted', async () => {
      vi.stubEnv('DATABASE_URL', 'postgresql://u:p@db:5432/console');
      vi.stubEnv('IMPORT_MAX_UPLOAD_MB', '0.5');
      vi.stubEnv('SESSION_TTL_HOURS', ' 12 ');
      vi.resetModules();
      expect(startEnvironmentProblems(process.env)).toEqual([]);
      const { env } = await import('@/lib/env');
      expect(env()).toMatchObject({ IMPORT_MAX_UPLOAD_MB: 0.5, SESSION_TTL_HOURS: 12, QUEUE_CLAIM_IDLE_MINUTES: 30 });
    });
  });
});
