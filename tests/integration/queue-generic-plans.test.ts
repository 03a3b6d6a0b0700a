import { Prisma } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { notDoneByUser } from '@/lib/queue/overlap';
import { claimSizesSql } from '@/lib/queue/queue-counts';
import { assigneeCondition, queueConditions, queueFilterSchema } from '@/lib/queue/queue-filters';
import { uid } from '../helpers/factories';

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
    const [row] = await tx.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(`EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${statement.text}`);
    return row['QUERY PLAN'][0].Plan;
  });
}

function allNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(allNodes)];
}

describe('the queue statements\' plans do not depend on who asks', () => {
  // With the user id a parameter, a generic plan guesses how many diagnoses are the caller's from how many
  // authors there are. Hashing all of them was the plan PostgreSQL preferred when the guess was large
  // (bench:api, one annotator with 10,000 diagnoses): a read of every diagnosis on every request.
  it('checks "not done by this user" by a probe of the row\'s own diagnoses, never a hash of all the user\'s', async () => {
    // 10,000 rows that each have a submitted diagnosis (as the planner sees them, whatever this database holds),
    // and a probe per row made as dear as it can be: a plan that can hash the user's diagnoses instead will.
    const rows = Prisma.sql`(SELECT 'trajectory-' || g AS id, 1 AS "diagnosedCount", 'b' AS benchmark, NULL::text AS ability FROM generate_series(1, 10000) g)`;
    const statement = Prisma.sql`SELECT count(*) FROM ${rows} t WHERE ${notDoneByUser('any-user')}`;
    const plan = await genericPlan(statement, ['enable_indexscan = off', 'enable_bitmapscan = off']);
    // A hashed subplan is named as such where it is used ("… = (hashed SubPlan 2).col1"), not on its own node.
    const hashedNames = new Set([...JSON.stringify(plan).matchAll(/hashed (SubPlan \d+)/g)].map((m) => m[1]));
    const hashed = allNodes(plan).filter((n) => hashedNames.has(n['Subplan Name'] ?? '') && allNodes(n).some((m) => m['Relation Name'] === 'Diagnosis'));
    expect(allNodes(plan).some((n) => n['Relation Name'] === 'Diagnosis')).toBe(true);
    expect(hashed).toEqual([]);
  });

  it('counts the caller\'s diagnoses submitted today from a range of their own rows', async () => {
    const plan = await genericPlan(claimSizesSql(Prisma.sql`true`, 'any-user'), ['enable_seqscan = off', 'enable_bitmapscan = off']);
    const diagnosisScans = allNodes(plan).filter((n) => n['Relation Name'] === 'Diagnosis');
    expect(diagnosisScans).toHaveLength(1);
    expect(diagnosisScans[0]['Index Name']).toBe('Diagnosis_authorId_status_submittedAt_idx');
    expect(diagnosisScans[0]['Index Cond']).toMatch(/"authorId" = \(InitPlan \d+\)\.col1\).*"submittedAt" >= \$\d+/);
  });

  // Planned for an annotator who had diagnosed nothing (while another had diagnosed 10,000), the queue page
  // looked cheaper than its generic plan, so PostgreSQL planned it anew on every request: 2.2 ms each.
  it('never lets the planner see whose queue it plans, so one generic plan serves everyone', async () => {
    const user = `planner-blind-${uid()}`;
    const where = Prisma.join([...queueConditions(queueFilterSchema.parse({})), notDoneByUser(user), assigneeCondition('mine', user)!], ' AND ');
    const rows = await prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${claimSizesSql(where, user)}`);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/"authorId" = \(InitPlan \d+\)\.col1/);
    expect(plan).toMatch(/"userId" = \(InitPlan \d+\)\.col1/);
    expect(plan).not.toContain(user);
  });
});
