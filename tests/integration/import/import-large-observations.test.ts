import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { CUT_HEAD, CUT_TAIL, EVENT_CONTENT_LIMIT } from '@/lib/import/cut-large-content';
import { importFile } from '@/lib/import/run-import';
import { listEvents } from '@/lib/trajectories/list-events';
import { createActor } from '../../helpers/factories';

describe('large observations', () => {
  it('keeps an event whole up to the limit and beyond it the head and tail, with the cut marked and the full size recorded', async () => {
    const tree = `HEAD-${'a'.repeat(300_000)}-TAIL`;
    const small = 'b'.repeat(EVENT_CONTENT_LIMIT);
    const events = [
      { id: 0, source: 'user', action: 'message', args: { content: 'Open the page' } },
      {
        id: 1,
        source: 'agent',
        action: 'browse',
        args: { url: 'http://x' },
        tool_call_metadata: { function_name: 'browser', tool_call_id: 'c1', model_response: { model: 'm-large' } },
      },
      { id: 2, source: 'environment', observation: 'browse', cause: 1, content: tree },
      { id: 3, source: 'environment', observation: 'browse', cause: 1, content: small },
    ];
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'large-')), `large-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(events));
    const report = await importFile({ by: { cli: true }, source: 'CLI', filePath: file });
    expect(report).toMatchObject({ status: 'SUCCEEDED', importedCount: 1 });

    const run = await prisma.trajectory.findFirstOrThrow({ where: { model: 'm-large' } });
    const actor = await createActor('ANNOTATOR');
    const { events: shown } = await listEvents(actor, run.id, {});
    const cut = shown[2];
    expect(cut.contentCut).toBe(tree.length);
    expect(cut.content!.startsWith('HEAD-')).toBe(true);
    expect(cut.content!.endsWith('-TAIL')).toBe(true);
    expect(cut.content).toContain(`${(tree.length - CUT_HEAD - CUT_TAIL).toLocaleString('en-US')} characters cut here`);
    expect(cut.content!.length).toBeLessThan(CUT_HEAD + CUT_TAIL + 500);
    // At the limit: whole, nothing recorded.
    expect(shown[3]).toMatchObject({ content: small, contentCut: null });
  });
});
