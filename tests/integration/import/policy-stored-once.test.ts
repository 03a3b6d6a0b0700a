/**
 * The policy an agent had is kept once per benchmark, domain and text: several
 * τ²-bench files (two models) of one domain share one row, a changed policy is
 * a second row, a native run's system message is kept as its system prompt,
 * and importing the same files again changes nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { tau2SimulationToRecord } from '@/lib/import/adapters/tau2';
import { importFile } from '@/lib/import/run-import';
import { validateRecord } from '@/lib/import/validate-record';
import { trajectoryHash } from '@/lib/import/write-record';
import { getTrajectoryPolicy } from '@/lib/policies/get-trajectory-policy';
import { realDataPath, skipWithoutRealData } from '../../../scripts/lib/real-data';
import { createActor } from '../../helpers/factories';
import { cli } from '../../helpers/import-files';

const dir = mkdtempSync(path.join(os.tmpdir(), 'policy-once-'));
const POLICY =
  '# Bakery Agent Policy\n\nAuthenticate the customer first.\n\n## Refunds\n\nRefund within 7 days only.\n';

function tau2Content(model: string, policy: string, simIds: string[]) {
  const task = {
    id: '1',
    user_scenario: { instructions: { domain: 'bakery', reason_for_call: 'Refund my cake.' } },
    evaluation_criteria: {
      actions: [{ action_id: '1_0', name: 'refund', arguments: { order_id: 'O1' }, requestor: 'assistant' }],
      reward_basis: ['DB'],
    },
  };
  const simulations = simIds.map((id, trial) => ({
    id,
    task_id: '1',
    trial,
    termination_reason: 'user_stop',
    messages: [
      { role: 'user', content: 'Refund order O1.' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'refund', arguments: { order_id: 'O2' } }] },
      { role: 'tool', id: 'c1', content: '{"ok": true}' },
    ],
    reward_info: {
      reward: 0,
      db_check: { db_match: false, db_reward: 0 },
      action_checks: [{ action: { action_id: '1_0', name: 'refund' }, action_match: false, action_reward: 0 }],
    },
  }));
  return {
    timestamp: '2026-12-01T00:00:00',
    info: {
      agent_info: { implementation: 'llm_agent', llm: model },
      environment_info: { domain_name: 'bakery', policy },
    },
    tasks: [task],
    simulations,
  };
}

function tau2File(name: string, model: string, policy: string, simIds: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(tau2Content(model, policy, simIds)));
  return file;
}

function nativeFile(name: string, ids: string[]): string {
  const line = (id: string) =>
    JSON.stringify({
      format: 'trajectory.v1',
      task: { id: 'notes/1', benchmark: 'my-notes', ability: 'notes', instruction: 'Write a note.' },
      trajectory: { id, model: 'm', outcome: { passed: false, score: 0 } },
      events: [
        {
          source: 'environment',
          type: 'notification',
          content: 'You are a note-taking agent. Never delete notes.',
          metadata: { role: 'system' },
        },
        { source: 'user', type: 'message', content: 'Write a note.' },
      ],
    });
  const file = path.join(dir, name);
  writeFileSync(file, ids.map(line).join('\n') + '\n');
  return file;
}

async function snapshot() {
  const policies = await prisma.policy.findMany({ orderBy: { contentHash: 'asc' } });
  const trajectories = await prisma.trajectory.findMany({
    select: { externalId: true, policyId: true, updatedAt: true, contentHash: true },
    orderBy: { externalId: 'asc' },
  });
  return { policies, trajectories };
}

describe('policies: stored once per benchmark and domain', () => {
  it('shares one row across files and models of a domain, keeps a changed text apart, and a re-import changes nothing', async () => {
    const files = [
      tau2File('heron_bakery.json', 'heron', POLICY, ['h1', 'h2']),
      tau2File('wren_bakery.json', 'wren', POLICY, ['w1', 'w2', 'w3']),
      tau2File('wren_bakery_v2.json', 'wren', `${POLICY}\n## Delivery\n\nNever promise a time.\n`, ['v1']),
      nativeFile('notes.jsonl', ['n1', 'n2']),
    ];
    for (const filePath of files) expect(await importFile({ ...cli, filePath })).toMatchObject({ failedCount: 0 });

    const first = await snapshot();
    expect(first.policies.map((p) => [p.benchmark, p.ability, p.kind]).sort()).toEqual([
      ['my-notes', 'notes', 'SYSTEM_PROMPT'],
      ['tau2-bench', 'bakery', 'POLICY'],
      ['tau2-bench', 'bakery', 'POLICY'],
    ]);
    const byRun = Object.fromEntries(first.trajectories.map((t) => [t.externalId, t.policyId]));
    const shared = byRun['tau2-bench:bakery:h1'];
    for (const id of ['h2', 'w1', 'w2', 'w3']) expect(byRun[`tau2-bench:bakery:${id}`]).toBe(shared);
    expect(byRun['tau2-bench:bakery:v1']).not.toBe(shared);
    expect(byRun.n1).toBe(byRun.n2);
    expect(first.policies.find((p) => p.id === shared)?.text).toBe(POLICY);

    // The trajectory page reads it, with its kind and domain.
    const actor = await createActor('ANNOTATOR');
    const h1 = await prisma.trajectory.findUniqueOrThrow({ where: { externalId: 'tau2-bench:bakery:h1' } });
    expect(await getTrajectoryPolicy(actor, h1.id)).toMatchObject({
      kind: 'POLICY',
      benchmark: 'tau2-bench',
      ability: 'bakery',
      text: POLICY,
      runCount: 5,
    });

    for (const filePath of files)
      expect(await importFile({ ...cli, filePath })).toMatchObject({ importedCount: 0, failedCount: 0 });
    expect(await snapshot()).toEqual(first);
  });

  it('attaches the policy to runs imported before policies were kept, once', async () => {
    const file = tau2File('kite_bakery.json', 'kite', POLICY, ['k1']);
    await importFile({ ...cli, filePath: file });
    const run = await prisma.trajectory.findUniqueOrThrow({ where: { externalId: 'tau2-bench:bakery:k1' } });
    // As an import made before policies were kept left it: no policy, and a hash of the record without one.
    const { info, tasks, simulations } = tau2Content('kite', POLICY, ['k1']);
    const parsed = validateRecord(tau2SimulationToRecord(info, tasks[0], simulations[0]));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const { policy: _policy, ...withoutPolicy } = parsed.record.trajectory;
    const oldHash = trajectoryHash({ ...parsed.record, trajectory: withoutPolicy });
    await prisma.trajectory.update({ where: { id: run.id }, data: { policyId: null, contentHash: oldHash } });
    expect(await importFile({ ...cli, filePath: file })).toMatchObject({ importedCount: 0, failedCount: 0 });
    const after = await prisma.trajectory.findUniqueOrThrow({ where: { id: run.id } });
    expect(after.policyId).toEqual(expect.any(String));
    expect(await prisma.policy.count({ where: { ability: 'bakery', text: POLICY } })).toBe(1);
  });
});

describe.skipIf(skipWithoutRealData('tau2-bench/airline/gpt-4.1.json', 'policies of real τ²-bench airline files'))(
  'policies of the shared τ²-bench airline samples',
  () => {
    it('keeps one row per distinct airline policy text, however many runs and files carry it', async () => {
      // Two of these files carry the 7,676-character airline policy, one an earlier 7,587-character version.
      const names = ['gpt-4.1.json', 'claude-opus-4-6_ironshell.json', 'claude-opus-4-6_distyl-button.json'];
      for (const f of names)
        expect(await importFile({ ...cli, filePath: realDataPath(`tau2-bench/airline/${f}`) })).toMatchObject({
          failedCount: 0,
        });
      const rows = await prisma.policy.findMany({
        where: { benchmark: 'tau2-bench', ability: 'airline' },
        include: { _count: { select: { trajectories: true } } },
      });
      expect(rows.map((r) => [r.kind, r.text.length, r._count.trajectories]).sort()).toEqual([
        ['POLICY', 7587, 10],
        ['POLICY', 7676, 18],
      ]);
      expect(rows.every((r) => r.text.startsWith('# Airline Agent Policy'))).toBe(true);
    });
  },
);
