import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Each structural lint rule of eslint.config.mjs fires on a snippet that breaks it (and stays quiet
 * where it is allowed), so a rule that silently stops matching — a renamed selector, a moved file, a
 * plugin upgrade — fails here instead of letting second copies back in. Snippets are linted as if they
 * were at `filePath`; the modules they import exist.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('lint: lib domains form layers without cycles', { timeout: 60_000 }, () => {
  it('refuses a lower domain importing a higher one (db → audit)', async () => {
    const code = "import { recordAudit } from '@/lib/audit/record';\nexport const a = recordAudit;\n";
    expect(await ruleIds('lib/db/probe.ts', code)).toContain('boundaries/dependencies');
  });

  it('refuses the import that made cards ↔ retrieval a cycle, with a relative path too', async () => {
    const code =
      "import { renderCardRuntimeText } from '../retrieval/render';\nexport const a = renderCardRuntimeText;\n";
    expect(await ruleIds('lib/cards/probe.ts', code)).toContain('boundaries/dependencies');
  });

  it('allows a higher domain importing a lower one (retrieval → cards)', async () => {
    const code = "import { skillCardSchema } from '@/lib/cards/card-schemas';\nexport const a = skillCardSchema;\n";
    expect(await ruleIds('lib/retrieval/probe.ts', code)).toEqual([]);
  });

  it('refuses a shared leaf importing a domain (text → auth, errors.ts → db)', async () => {
    const text = "import { can } from '@/lib/auth/permissions';\nexport const a = can;\n";
    expect(await ruleIds('lib/text/probe.ts', text)).toContain('boundaries/dependencies');
    const errors = "import { prisma } from '@/lib/db/prisma';\nexport const a = prisma;\n";
    expect(await ruleIds('lib/errors.ts', errors)).toContain('boundaries/dependencies');
  });

  it('refuses lib importing components/ or app/', async () => {
    const code = "import { DataTable } from '@/components/ui/data-table';\nexport const a = DataTable;\n";
    expect(await ruleIds('lib/cards/probe.ts', code)).toContain('boundaries/dependencies');
  });

  it('refuses lib/db importing the domains whose connections it owns (import, live)', async () => {
    const code = "import { closeImportPool } from '@/lib/import/pg-store';\nexport const a = closeImportPool;\n";
    expect(await ruleIds('lib/db/probe.ts', code)).toContain('boundaries/dependencies');
    const live = "import { stopListener } from '@/lib/live/listener';\nexport const a = stopListener;\n";
    expect(await ruleIds('lib/db/probe.ts', live)).toContain('boundaries/dependencies');
  });
});

describe('lint: one of each', { timeout: 60_000 }, () => {
  it('only lib/diff imports the diff library', async () => {
    const code = "import { diffWords } from 'diff';\nexport const a = diffWords;\n";
    expect(await ruleIds('lib/review/probe.ts', code)).toContain('no-restricted-imports');
    expect(await ruleIds('components/reviews/probe.tsx', code)).toContain('no-restricted-imports');
    expect(await ruleIds('lib/diff/probe.ts', code)).toEqual([]);
  });

  it('only lib/retrieval/render.ts counts tokens (the one runtime-text renderer)', async () => {
    const code = "import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';\nexport const a = countTokens;\n";
    expect(await ruleIds('lib/reflection/probe.ts', code)).toContain('no-restricted-imports');
    expect(await ruleIds('lib/retrieval/other.ts', code)).toContain('no-restricted-imports');
    expect(await ruleIds('lib/retrieval/render.ts', code)).toEqual([]);
  });

  it('only lib/trajectories/event-link.ts builds trajectory links (the old hand-built copies are caught)', async () => {
    // As they were written in components/contrast/checkpoint-grid.tsx, components/queue/queue-table.tsx
    // and components/diagnosis/cited-text.tsx before they went through event-link.ts.
    const copies = [
      'export const a = (trajectoryId: string, cell: { checkpointResultId: string }) =>\n  `/trajectories/${trajectoryId}?checkpoint=${cell.checkpointResultId}`;\n',
      "export const a = (trajectoryId: string, filterQuery: string) =>\n  `/trajectories/${trajectoryId}${filterQuery ? `?${filterQuery}` : ''}`;\n",
      'export const a = (id: string, anchor: string) =>\n  `/trajectories/${encodeURIComponent(id)}?policy=${encodeURIComponent(anchor)}`;\n',
      "export const a = '/trajectories/' + 'abc';\n",
    ];
    for (const code of copies)
      expect(await ruleIds('components/contrast/probe.tsx', code)).toContain('no-restricted-syntax');
    expect(await ruleIds('lib/search/probe.ts', copies[0])).toContain('no-restricted-syntax');
    expect(await ruleIds('lib/trajectories/event-link.ts', copies[0])).toEqual([]);
    // API calls are not links to the page.
    const api = 'export const a = (id: string) => `/api/trajectories/${id}/events`;\n';
    expect(await ruleIds('components/trajectory/probe.tsx', api)).toEqual([]);
  });

  it('only lib/trajectories/event-link.ts builds task page links (the old hand-built copies are caught)', async () => {
    // As they were written in components/tasks/task-table.tsx, components/compare/compare-report-view.tsx
    // and lib/cards/provenance.ts before they went through taskHref.
    const copies = [
      'export const a = (t: { id: string }) => `/tasks/${t.id}`;\n',
      'export const a = (t: { taskId: string }) => `/tasks/${encodeURIComponent(t.taskId)}`;\n',
      "export const a = '/tasks/' + 'abc';\n",
    ];
    for (const code of copies) {
      expect(await ruleIds('components/tasks/probe.tsx', code)).toContain('no-restricted-syntax');
      expect(await ruleIds('lib/cards/probe.ts', code)).toContain('no-restricted-syntax');
      expect(await ruleIds('app/(console)/reviews/probe/page.tsx', code)).toContain('no-restricted-syntax');
    }
    expect(await ruleIds('lib/trajectories/event-link.ts', copies[1])).toEqual([]);
    // API calls and the task list are not links to a task's page.
    const api = 'export const a = (id: string) => `/api/tasks/${id}/contrast`;\n';
    expect(await ruleIds('components/tasks/probe.tsx', api)).toEqual([]);
    expect(await ruleIds('components/tasks/probe.tsx', "export const a = '/api/tasks/abc';\n")).toEqual([]);
    expect(await ruleIds('components/tasks/probe.tsx', "export const a = '/tasks';\n")).toEqual([]);
  });
});
