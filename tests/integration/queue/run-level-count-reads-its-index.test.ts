import { Prisma } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { RUN_LEVEL_ROW } from '@/lib/queue/queue-filters';

// The queue counts its run-level items on every page; without a usable index that count reads every
// queued trajectory. The partial index's predicate must match RUN_LEVEL_ROW literally for the
// planner to use it: a change to either side (the key, the literal's form) breaks that silently.
describe('the run-level item count', () => {
  it('can be answered from the partial index of queued run-level items', async () => {
    const plan = await prisma.$transaction(async (tx) => {
      // With sequential scans priced out, the plan names the index only if its predicate is implied.
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return tx.$queryRaw<{ 'QUERY PLAN': string }[]>(
        Prisma.sql`EXPLAIN SELECT count(*) FROM "Trajectory" t WHERE t."pendingCount" > 0 AND ${RUN_LEVEL_ROW}`,
      );
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('Trajectory_queue_run_level_idx');
  });
});
