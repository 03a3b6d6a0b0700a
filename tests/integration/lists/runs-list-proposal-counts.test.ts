import { Prisma, type ProposalStatus } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { listRuns, PROPOSALS_BY_STATUS } from '@/lib/reflection/read-run';
import { createActor, ensureTask, uid } from '../../helpers/factories';

async function runWithProposals(statuses: ProposalStatus[]) {
  const { id: taskId } = await ensureTask({ benchmark: `counts-${uid()}`, externalId: 'runs/1' });
  const run = await prisma.reflectionRun.create({ data: { taskId, provider: 'OFFLINE', status: 'SUCCEEDED' } });
  await prisma.proposal.createMany({
    data: statuses.map((status, i) => ({
      runId: run.id,
      cardKind: 'SKILL',
      operation: 'ADD_CARD',
      reason: `proposal ${i}`,
      status,
    })),
  });
  return { taskId, run };
}

describe('proposal counts of the runs list', () => {
  it("counts each run's proposals by status", async () => {
    const researcher = await createActor('RESEARCHER');
    const { taskId } = await runWithProposals(['PENDING', 'PENDING', 'APPROVED', 'REJECTED', 'NOOP']);
    const page = await listRuns(researcher, { taskId });
    expect(page.items.map((r) => r.proposals)).toEqual([{ PENDING: 2, APPROVED: 1, REJECTED: 1, NOOP: 1 }]);
  });

  // 25 runs a page, each counted: with an index on "runId" alone every count visited the proposal rows (bench:api).
  it('reads the counts from an index alone, without visiting the proposals', async () => {
    const { run } = await runWithProposals(['PENDING', 'APPROVED']);
    const plan = await prisma.$transaction(async (tx) => {
      // Whatever the test table's size would make the planner prefer: is there a path that never reads a proposal row?
      await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
      await tx.$executeRaw`SET LOCAL enable_bitmapscan = off`;
      const rows = await tx.$queryRaw<{ 'QUERY PLAN': string }[]>(
        Prisma.sql`EXPLAIN SELECT ${PROPOSALS_BY_STATUS} FROM "ReflectionRun" r WHERE r.id = ${run.id}`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan using \S+ on "Proposal"/);
  });
});
