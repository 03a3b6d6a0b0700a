import { beforeAll, describe, expect, it } from 'vitest';
import { compareArms } from '@/lib/compare/compare-arms';
import { prisma } from '@/lib/db/prisma';
import { PASSED as PASS, seedArmRuns } from '../../helpers/compare-arms';
import { createActor, uid } from '../../helpers/factories';

const bench = `cost-${uid()}`;

beforeAll(async () => {
  const ids = await seedArmRuns(bench, [
    { task: 't1', trial: 0, release: null, cps: PASS },
    { task: 't1', trial: 0, release: 'rel-b', cps: PASS },
    { task: 't2', trial: 0, release: null, cps: PASS },
    { task: 't2', trial: 0, release: 'rel-b', cps: PASS },
    { task: 't3', trial: 0, release: null, cps: PASS },
    { task: 't3', trial: 0, release: 'rel-b', cps: PASS },
    { task: 't4', trial: 0, release: null, cps: PASS },
    { task: 't4', trial: 0, release: 'rel-b', cps: PASS },
  ]);
  // What the sources write: τ²-bench's agent_cost, total_tokens at the top or under usage; a cost
  // written as text, an object or a boolean is no number and is left out of the mean.
  const metadata = [
    { agent_cost: 0.5, total_tokens: 100 },
    { agent_cost: '0.7', usage: { total_tokens: 300 } },
    { agent_cost: 1.5, usage: { total_tokens: 500 } },
    { agent_cost: { usd: 2 }, total_tokens: 'many' },
    { agent_cost: true },
    { agent_cost: 0.25, total_tokens: 40, usage: { total_tokens: 9999 } },
  ];
  for (const [i, m] of metadata.entries())
    await prisma.trajectory.update({ where: { id: ids[i] }, data: { metadata: m } });
  // JSON numbers beyond a double (no JavaScript value holds them, so written as SQL): the write must
  // still succeed, and such a figure is left out like text.
  await prisma.$executeRaw`UPDATE "Trajectory" SET metadata = '{"agent_cost": 1e400, "total_tokens": -1e-400}'::jsonb WHERE id = ${ids[6]}`;
  await prisma.$executeRaw`UPDATE "Trajectory" SET metadata = '{"usage": {"total_tokens": 1e-400}}'::jsonb WHERE id = ${ids[7]}`;
});

describe('cost and tokens of the paired runs', () => {
  it('averages the numbers the runs recorded, over the pairs that recorded one, each arm apart', async () => {
    const r = await compareArms(await createActor('RESEARCHER'), { a: 'R0', b: 'rel-b', benchmark: bench });
    console.log(
      'DEBUG',
      JSON.stringify(
        await prisma.$queryRawUnsafe(
          `SELECT t.metadata::text AS m, t."agentCost"::text AS c, t."totalTokens"::text AS k FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId" WHERE k."externalId" = 't4'`,
        ),
      ),
    );
    expect(r.counts.pairs).toBe(4);
    // A: 0.5 and 1.5 (t3's `true` is no number) → 1.0 over 2; B: only t3's 0.25 (text and an object are not).
    expect(r.cost).toEqual({ a: 1, b: 0.25, nA: 2, nB: 1 });
    // A: 100 (top level) and 500 (usage) → 300 over 2; B: 300 (usage), 40 (top level wins over usage) → 170.
    expect(r.tokens).toEqual({ a: 300, b: 170, nA: 2, nB: 2 });
  });
});
