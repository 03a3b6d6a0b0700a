import { describe, expect, it } from 'vitest';
import { executeRun } from '@/lib/reflection/execute-run';
import { getRunDetail } from '@/lib/reflection/read-run';
import { DEMO_TASKS } from '@/lib/seed/demo-world';
import { createActor, seedDemoTask } from '../helpers/factories';
import { createFunctionCard, createQueuedRun } from '../helpers/reflection-fixtures';

// Function cards are global (not per ability), so these tests own their database file.
describe('offline function cards', () => {
  it('aggregates observed calls per App.function into one valid card proposal per tool, patching existing cards', async () => {
    const { taskId } = await seedDemoTask(DEMO_TASKS[0]);
    const existing = await createFunctionCard({
      tool: 'mail.list_folders',
      app: 'mail',
      function: 'list_folders',
      what_it_does: 'Lists folders',
      arguments: [],
      returns: 'list of folder names',
      usage_rules: [],
      common_mistakes: [],
      side_effects: [],
    });
    const run = await createQueuedRun({ taskId, kind: 'FUNCTION_CARDS', settings: { provider: 'offline' } });
    await executeRun(run.id);
    const detail = await getRunDetail(await createActor('ADMIN'), run.id);
    expect(detail.status).toBe('SUCCEEDED');
    const byTool = new Map(detail.proposals.map((p) => [(p.proposedCard as { tool: string }).tool, p]));
    const search = byTool.get('mail.search_messages')!;
    expect(search).toMatchObject({ operation: 'ADD_CARD', status: 'PENDING', valid: true, cardKind: 'FUNCTION' });
    const card = search.proposedCard as { arguments: { name: string; value_form: string }[]; side_effects: string[] };
    expect(card.arguments.map((a) => a.name).sort()).toEqual(['folder', 'page', 'query', 'unread']);
    expect(card.side_effects).toEqual([]);
    expect((byTool.get('mail.send_message')!.proposedCard as { side_effects: string[] }).side_effects.length).toBe(1);
    const list = detail.proposals.find((p) => p.targets[0]?.cardId === existing.cardId)!;
    expect(list).toMatchObject({ operation: 'PATCH_CARD' });
    expect(list.targets[0].baseVersionId).toBe(existing.versionId);
    expect(JSON.stringify(detail.proposals)).not.toMatch(/m-117|facilities@demo/);
  });
});

