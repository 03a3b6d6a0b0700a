/**
 * The τ²-bench cases issue 39 met that ../shared/data does not hold (its airline sample ends every run in
 * user_stop, and it has no telecom file), as self-written files shaped like them, through the real importer:
 * - a gpt-oss-120b airline run cut off at max_steps after 100 identical search calls (the real one had 204
 *   events), and a too_many_errors run: no reward_info, so no checkpoint results; run-level items;
 * - telecom runs that scored 1.0 yet failed the db check, outside telecom's reward basis (ENV_ASSERTION):
 *   informational, left out of the queue by default.
 */
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { importFile } from '@/lib/import/run-import';
import { listQueue } from '@/lib/queue/list-queue';
import { createActor } from '../../helpers/factories';
import { cli, tempFolder } from '../../helpers/import-files';
import { telecomResults } from '../../helpers/tau2-telecom';

const writeFile = tempFolder('tau2-unshared-');

const search = { origin: 'JFK', destination: 'SEA', date: '2024-05-20' };

/** 1 user message, then `loops` identical search calls each answered "[]", then `tail` more messages. */
function loopMessages(loops: number) {
  const messages: unknown[] = [{ role: 'user', content: 'Book me the cheapest flight from JFK to SEA on May 20.' }];
  for (let i = 0; i < loops; i++) {
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: `c${i}`, name: 'search_direct_flight', arguments: search }],
    });
    messages.push({ role: 'tool', id: `c${i}`, content: '[]' });
  }
  return messages;
}

function airlineFile() {
  const task = {
    id: '12',
    user_scenario: { instructions: { domain: 'airline', reason_for_call: 'Book the cheapest flight JFK to SEA.' } },
    evaluation_criteria: {
      actions: [{ action_id: '12_0', name: 'search_onestop_flight', arguments: search, requestor: 'assistant' }],
      reward_basis: ['DB', 'COMMUNICATE'],
    },
  };
  const sim = (id: string, trial: number, reason: string, messages: unknown[], rewardInfo?: unknown) => ({
    id,
    task_id: '12',
    trial,
    termination_reason: reason,
    messages,
    ...(rewardInfo ? { reward_info: rewardInfo } : {}),
  });
  return {
    timestamp: '2026-12-01T00:00:00',
    info: {
      agent_info: { implementation: 'llm_agent', llm: 'openai/gpt-oss-120b' },
      environment_info: { domain_name: 'airline', policy: '# Airline Agent Policy\n\nSearch before booking.\n' },
    },
    tasks: [task],
    simulations: [
      // Cut off at the step limit: 1 + 100 × 2 + 3 = 204 messages, no reward_info (as τ²-bench leaves it).
      sim('oss-max-steps', 0, 'max_steps', [
        ...loopMessages(100),
        { role: 'assistant', content: 'Let me search again.' },
        { role: 'user', content: 'Are you still there?' },
        { role: 'assistant', content: 'Searching.' },
      ]),
      sim('oss-errors', 1, 'too_many_errors', loopMessages(3)),
      // An ordinary failure: a failed check, a checkpoint item.
      sim('oss-failed', 2, 'user_stop', loopMessages(1), {
        reward: 0,
        reward_basis: ['DB', 'COMMUNICATE'],
        db_check: { db_match: false, db_reward: 0 },
        action_checks: [{ action: { action_id: '12_0', name: 'search_onestop_flight' }, action_match: false }],
      }),
    ],
  };
}

function telecomFile() {
  return telecomResults({
    taskId: '[mobile_data_issue]data_off',
    domain: 'telecom',
    llm: 'gpt-4.1',
    // Two scored 1.0 failing only the db check; one failed (its assertion and the db); one passed everything.
    runs: [
      { id: 't-db-1', trial: 0, works: true, dbMatch: false },
      { id: 't-db-2', trial: 1, works: true, dbMatch: false },
      { id: 't-fail', trial: 2, works: false, dbMatch: false },
      { id: 't-ok', trial: 3, works: true, dbMatch: true },
    ],
  });
}

describe('τ²-bench shapes the shared sample lacks', () => {
  it('a gpt-oss airline max_steps loop and a too_many_errors run are run-level items, the failed check a checkpoint item', async () => {
    const report = await importFile({ ...cli, filePath: writeFile('gpt-oss-120b_airline.json', airlineFile()) });
    expect(report).toMatchObject({ importedCount: 3, failedCount: 0, conflictCount: 0 });
    const loop = await prisma.trajectory.findFirstOrThrow({
      where: { externalId: { endsWith: ':oss-max-steps' } },
      include: { _count: { select: { checkpoints: true } } },
    });
    // 204 messages; the 100 calls and their results are one event each.
    expect(loop).toMatchObject({ passed: false, outcomeReason: 'max_steps', eventCount: 204 });
    expect(loop._count.checkpoints).toBe(0);
    expect(
      await prisma.event.count({ where: { trajectoryId: loop.id, type: 'TOOL_CALL', tool: { contains: 'search' } } }),
    ).toBe(100);

    const annotator = await createActor('ANNOTATOR');
    const queue = await listQueue(annotator, { benchmark: 'tau2-bench', ability: 'airline' });
    expect(queue.counts).toMatchObject({ total: 3, checkpoint: 1, runLevel: 2 });
    const runLevel = await listQueue(annotator, { benchmark: 'tau2-bench', ability: 'airline', kind: 'run-level' });
    expect(runLevel.items.map((i) => i.outcomeReason).sort()).toEqual(['max_steps', 'too_many_errors']);
  });

  it('telecom runs that scored 1.0 failing only the db check are informational: out of the queue by default', async () => {
    const report = await importFile({ ...cli, filePath: writeFile('gpt-4.1_telecom.json', telecomFile()) });
    expect(report).toMatchObject({ importedCount: 4, failedCount: 0 });
    const where = { benchmark: 'tau2-bench', ability: 'telecom' };
    expect(await prisma.trajectory.count({ where: { ...where, informationalOnly: true } })).toBe(2);
    // 3 failed db checks, none in the basis; 1 failed assertion, in it.
    const failed = { passed: false, trajectory: where } as const;
    expect(await prisma.checkpointResult.count({ where: { ...failed, inRewardBasis: false } })).toBe(3);
    expect(await prisma.checkpointResult.count({ where: { ...failed, inRewardBasis: true } })).toBe(1);

    const annotator = await createActor('ANNOTATOR');
    const total = async (informational?: string) =>
      (await listQueue(annotator, { ...where, ...(informational ? { informational } : {}) })).counts;
    // Only the failed run by default (its db check stays diagnosable there); the two 1.0 runs with the filter.
    expect(await total()).toMatchObject({ total: 1, checkpoint: 1, runLevel: 0 });
    expect(await total('include')).toMatchObject({ total: 3 });
    expect(await total('only')).toMatchObject({ total: 2 });
  });
});
