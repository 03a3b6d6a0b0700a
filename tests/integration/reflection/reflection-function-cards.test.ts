import { afterAll, describe, expect, it } from 'vitest';
import { executeRun } from '@/lib/reflection/execute-run';
import { getRunDetail } from '@/lib/reflection/read-run';
import { DEMO_TASKS } from '@/lib/seed/demo-world';
import { createActor, seedDemoTask } from '../../helpers/factories';
import { reply, startFakeOpenAi, stepOf } from '../../helpers/fake-openai-server';
import { createFunctionCard, createQueuedRun } from '../../helpers/reflection-fixtures';

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

describe('function cards through an OpenAI-compatible endpoint', () => {
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => {
    delete process.env.OPENAI_BASE_URL;
    await close?.();
  });

  it("sends each tool's de-identified aggregate and validates the card against the observed arguments", async () => {
    const server = await startFakeOpenAi();
    close = server.close;
    process.env.OPENAI_BASE_URL = server.url;
    const card = (tool: string, args: string[]) => {
      const [app, fn] = tool.split('.');
      return {
        tool,
        app,
        function: fn,
        what_it_does: `Calls ${fn} in ${app}`,
        arguments: args.map((name) => ({ name, meaning: `the ${name}`, value_form: 'short text' })),
        returns: 'JSON object',
        usage_rules: [],
        common_mistakes: [],
        side_effects: [],
      };
    };
    server.respond((req) => {
      if (stepOf(req) !== 'function-card') return reply.status(400);
      const tool = req.messages[1].content.match(/^Observed calls of (\S+):/m)![1];
      // One card invents an argument no call used.
      return reply.json(
        tool === 'mail.read_message' ? card(tool, ['message_id', 'include_attachments']) : card(tool, []),
      );
    });
    const { taskId } = await seedDemoTask(DEMO_TASKS[0]);
    const run = await createQueuedRun({
      taskId,
      kind: 'FUNCTION_CARDS',
      settings: { provider: 'openai', model: 'fake-cards', tools: ['mail.read_message', 'mail.list_folders'] },
    });
    await executeRun(run.id);
    const detail = await getRunDetail(await createActor('ADMIN'), run.id);
    expect(detail.status, detail.error ?? '').toBe('SUCCEEDED');
    expect(detail.model).toBe('fake-cards');
    expect(detail.promptVersion).toBe('function-card@1');
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests)).not.toMatch(/m-117|m-102|orbit-large-2/);
    const read = detail.proposals.find((p) => (p.proposedCard as { tool: string }).tool === 'mail.read_message')!;
    expect(read).toMatchObject({ status: 'INVALID', valid: false });
    expect(read.validation).toEqual([expect.objectContaining({ rule: 'evidence', path: 'arguments[1].name' })]);
    const folders = detail.proposals.find((p) => (p.proposedCard as { tool: string }).tool === 'mail.list_folders')!;
    expect(folders).toMatchObject({ status: 'PENDING', valid: true });
    expect(detail.llmCalls.map((c) => c.step).sort()).toEqual([
      'function-card[mail.list_folders]',
      'function-card[mail.read_message]',
    ]);
  });
});
