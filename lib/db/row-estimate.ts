import { Prisma } from '@prisma/client';
import type postgres from 'postgres';
import { literalInt, queryRows, readSql } from '@/lib/db/sql';

type Plan = { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] };

/**
 * The planner's estimate of the rows `query` returns (EXPLAIN, from the table statistics: no row
 * is read), for a figure shown as "about N" where counting would scan every match. Unnamed (not
 * prepared), so PostgreSQL estimates for these values; a prepared statement's generic plan
 * estimates for any value (a LIKE prefix as a fixed fraction of the table). Null if no estimate.
 */
export async function plannedRows(query: Prisma.Sql): Promise<number | null> {
  const explain = Prisma.sql`EXPLAIN (FORMAT JSON) ${query}`;
  const [row] = (await readSql().unsafe(explain.text, explain.values as postgres.ParameterOrJSON<never>[], {
    prepare: false,
  })) as unknown as Plan[];
  const rows = row?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? Math.round(rows) : null;
}

/** A list's total for its pager: exact, or the planner's estimate (shown as "about N"). */
export type Total = { count: number; estimated: boolean };

/**
 * `SELECT count(*) FROM <from>` without counting a large set: up to `exactUpTo` rows are counted
 * (a scan that stops after exactUpTo + 1 rows, so a small list, or a filter down to a few rows,
 * is exact on every request); above that, the planner's estimate, never below what was counted.
 * For a table that grows with every action and has no change notification to cache a count by
 * (the audit log): an exact count(*) there is a scan of the whole table per page.
 * `from`: everything after FROM (tables and WHERE).
 */
export async function countOrEstimate(from: Prisma.Sql, exactUpTo: number): Promise<Total> {
  const [{ n }] = await queryRows<{ n: bigint }>(
    Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} LIMIT ${literalInt(exactUpTo + 1)}) x`,
  );
  if (Number(n) <= exactUpTo) return { count: Number(n), estimated: false };
  const planned = await plannedRows(Prisma.sql`SELECT 1 FROM ${from}`);
  return { count: Math.max(exactUpTo + 1, planned ?? 0), estimated: true };
}
