import { Prisma } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { listQueue } from '@/lib/queue/list-queue';
import { notDoneByUser } from '@/lib/queue/overlap';
import { claimSizesSql } from '@/lib/queue/queue-counts';
import { assigneeCondition, queueConditions, queueFilterSchema } from '@/lib/queue/queue-filters';
import { createActor, uid } from '../../helpers/factories';
import { parameterCounts, readStatements } from '../../helpers/read-statements';

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Subplan Name'?: string;
  Plans?: PlanNode[];
};

/**
 * The plan PostgreSQL keeps for `statement` as a prepared statement, whatever
 * its parameters' values (EXPLAIN GENERIC_PLAN: the text keeps its $n
 * placeholders), under the given planner settings.
 */
async function genericPlan(statement: Prisma.Sql, settings: string[]): Promise<PlanNode> {
  return prisma.$transaction(async (tx) => {
    for (const setting of settings) await tx.$executeRawUnsafe(`SET LOCAL ${setting}`);
    const [row] = await tx.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
      `EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${statement.text}`,
    );
    return row['QUERY PLAN'][0].Plan;
  });
}

function allNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(allNodes)];
}

describe("the queue statements' plans do not depend on who asks", () => {
  // Looked up in the diagnoses, "not done by this user" was planned from a guess of how many diagnoses are the
  // caller's; hashing all of them was the plan PostgreSQL preferred when the guess was large (bench:api, one
  // annotator with 10,000 diagnoses): a read of every diagnosis on every request. It now reads the row alone.
  it('checks "not done by this user" from the row alone, without reading diagnoses or checkpoint results', async () => {
    // 10,000 rows that each have a submitted diagnosis (as the planner sees them, whatever this database holds).
    const rows = Prisma.sql`(SELECT 'trajectory-' || g AS id, 1 AS "diagnosedCount", 'b' AS benchmark, NULL::text AS ability,
      '[{"key":"c","name":"c","submitters":["someone"]}]'::jsonb AS "failedCheckpoints" FROM generate_series(1, 10000) g)`;
    const statement = Prisma.sql`SELECT count(*) FROM ${rows} t WHERE ${notDoneByUser('any-user')}`;
    const plan = await genericPlan(statement, []);
    const read = new Set(
      allNodes(plan)
        .map((n) => n['Relation Name'])
        .filter(Boolean),
    );
    expect(read).toEqual(new Set(['OverlapSetting']));
  });

  it("counts the caller's diagnoses submitted today from a range of their own rows", async () => {
    const plan = await genericPlan(claimSizesSql(Prisma.sql`true`, 'any-user'), [
      'enable_seqscan = off',
      'enable_bitmapscan = off',
    ]);
    const diagnosisScans = allNodes(plan).filter((n) => n['Relation Name'] === 'Diagnosis');
    expect(diagnosisScans).toHaveLength(1);
    expect(diagnosisScans[0]['Index Name']).toBe('Diagnosis_authorId_status_submittedAt_idx');
    expect(diagnosisScans[0]['Index Cond']).toMatch(
      /"authorId" = \(InitPlan \d+\)\.col1\).*"submittedAt" >= date_trunc/,
    );
  });

  // Planned for an annotator who had diagnosed nothing (while another had diagnosed 10,000), the queue page
  // looked cheaper than its generic plan, so PostgreSQL planned it anew on every request: 2.2 ms each.
  it('never lets the planner see whose queue it plans, so one generic plan serves everyone', async () => {
    const user = `planner-blind-${uid()}`;
    const where = Prisma.join(
      [...queueConditions(queueFilterSchema.parse({})), notDoneByUser(user), assigneeCondition('mine', user)!],
      ' AND ',
    );
    const rows = await prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${claimSizesSql(where, user)}`);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/"authorId" = \(InitPlan \d+\)\.col1/);
    expect(plan).toMatch(/"userId" = \(InitPlan \d+\)\.col1/);
    expect(plan).not.toContain(user);
  });

  // PostgreSQL re-plans a prepared statement on every call when a plan for the values at hand looks cheaper than
  // the generic one. The midnight of "done today", sent as a parameter, did that to the unfiltered queue page once
  // submissions were spread over days (a plan for today's few looked cheaper): 1.5–2.2 ms to bind, 0.3 ms to run.
  it('sends the unfiltered queue page no value the planner could plan for', async () => {
    const actor = await createActor('ANNOTATOR');
    const statements = await readStatements(() => listQueue(actor, {}));
    const page = statements.find((text) => text.includes('"QueueClaim"') && text.includes('"failedCheckpoints"'));
    expect(page).toBeDefined();
    const { parameters, unplanned } = parameterCounts(page!);
    expect(parameters).toBeGreaterThan(0);
    expect(unplanned).toBe(parameters);
  });
});
