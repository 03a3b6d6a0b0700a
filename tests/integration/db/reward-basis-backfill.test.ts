import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { tau2SimulationToRecord } from '@/lib/import/adapters/tau2';
import { seedRecords } from '../../helpers/failed-trajectories';
import { uid } from '../../helpers/factories';

const migrations = path.resolve(import.meta.dirname, '../../../prisma/migrations');
const folder = readdirSync(migrations).find((d) => d.endsWith('_reward_basis_skip_artefact'))!;
const sql = readFileSync(path.join(migrations, folder, 'migration.sql'), 'utf8');
// The migration's data part, its two UPDATE statements (the schema part already ran on this database).
const backfill = sql
  .slice(sql.indexOf('UPDATE "CheckpointResult"'))
  .split(/;\s*\n/)
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .filter(Boolean);

/** An airline-shaped τ²-bench run (self-written): reward 1.0 on DB + COMMUNICATE with an action check failed. */
function airlineRun(domain: string) {
  const task = {
    id: '33',
    user_scenario: { instructions: { reason_for_call: 'Change my flight.' } },
    evaluation_criteria: {
      actions: [{ action_id: '33_2', name: 'search_direct_flight', arguments: { date: '2024-05-21' } }],
      nl_assertions: ['Agent updates the booking to 05-23.'],
      reward_basis: ['DB', 'COMMUNICATE'],
    },
  };
  const sim = {
    id: `sim-${uid()}`,
    task_id: '33',
    messages: [{ role: 'user', content: 'Change my flight.' }],
    reward_info: {
      reward: 1,
      db_check: { db_match: true, db_reward: 1 },
      action_checks: [{ action: { action_id: '33_2' }, action_match: false, action_reward: 0 }],
      nl_assertions: [{ nl_assertion: 'Agent updates the booking to 05-23.', met: true }],
      reward_basis: ['DB', 'COMMUNICATE'],
    },
  };
  return tau2SimulationToRecord({ environment_info: { domain_name: domain }, agent_info: { llm: 'm' } }, task, sim);
}

describe('migration reward_basis_skip_artefact, data part', () => {
  it('marks the checks of τ²-bench runs imported before the flag existed, and their informational runs', async () => {
    const record = airlineRun(`airline-${uid()}`);
    // As imported before: no flag on any result.
    record.checkpoints = record.checkpoints!.map(({ in_reward_basis: _dropped, ...c }) => c);
    const [id] = await seedRecords([record]);
    expect(await prisma.trajectory.findUniqueOrThrow({ where: { id } })).toMatchObject({ informationalOnly: false });

    for (const statement of backfill) await prisma.$executeRawUnsafe(statement);

    const results = await prisma.checkpointResult.findMany({
      where: { trajectoryId: id },
      include: { checkpoint: { select: { key: true } } },
      orderBy: { checkpoint: { position: 'asc' } },
    });
    expect(results.map((r) => [r.checkpoint.key, r.passed, r.inRewardBasis])).toEqual([
      ['33_2', false, false],
      ['db', true, true],
      ['nl_0', true, false],
    ]);
    expect(await prisma.trajectory.findUniqueOrThrow({ where: { id } })).toMatchObject({ informationalOnly: true });
  });
});
