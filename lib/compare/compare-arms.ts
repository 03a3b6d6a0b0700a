import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { queryLong } from '@/lib/db/sql';
import { AppError } from '@/lib/errors';
import {
  compareQuerySchema,
  formatArm,
  isEmptyArm,
  parseArm,
  type ArmSpec,
  type CompareQuery,
  type CompareScope,
} from './arm-spec';
import { bankSizes, type BankSize } from './bank-size';
import { buildPairedFigures, type PairedFigures } from './build-report';
import { armWhere } from './load-arm-runs';
import { pairedAggregates, type ArmTotals } from './paired-aggregates';
import { regressionDetails, type RegressionDetail } from './regression-cards';

/** Regressions explained with their failed checkpoint and cards; the rest are listed without (bounded work per view). */
export const MAX_DETAILED_REGRESSIONS = 200;

export type ArmInfo = {
  text: string;
  spec: ArmSpec;
  /** Runs and tasks of the arm within the scope, paired or not. */
  runs: number;
  tasks: number;
  /** The bank of each release the arm's runs name (R0 runs name none). */
  banks: BankSize[];
  /** Distinct cards the arm's runs were given (`memory.card_ids`). */
  cardsInjected: number;
};

export type CompareReport = PairedFigures & {
  query: CompareQuery;
  arms: { a: ArmInfo; b: ArmInfo };
  /** The task the scope names, resolved (its console id and benchmark id). */
  task: { id: string; externalId: string; benchmark: string } | null;
  regressions: RegressionDetail[];
  maxDetailedRegressions: number;
};

/** The scope's task: the console's id, or the benchmark's id ("airline/16"), within the scope's benchmark if given. */
async function resolveTask(task: string, benchmark: string | undefined) {
  const rows = await prisma.task.findMany({
    where: { OR: [{ id: task }, { externalId: task }], ...(benchmark ? { benchmark } : {}) },
    select: { id: true, externalId: true, benchmark: true },
    take: 5,
  });
  if (!rows.length)
    throw new AppError('VALIDATION', `No task "${task}"${benchmark ? ` in ${benchmark}` : ''}`, [
      { path: 'task', message: 'unknown task' },
    ]);
  if (rows.length > 1)
    throw new AppError(
      'VALIDATION',
      `Task "${task}" is in several benchmarks (${rows.map((r) => r.benchmark).join(', ')}): choose the benchmark too`,
      [{ path: 'task', message: 'ambiguous task' }],
    );
  return rows[0];
}

/** Distinct cards the arm's runs were given: the one figure that reads each run's card list. */
async function cardsInjected(spec: ArmSpec, scope: CompareScope, taskIds: string[] | null): Promise<number> {
  const [row] = await queryLong<{ n: number }>(Prisma.sql`
    SELECT count(*)::int AS n FROM (SELECT DISTINCT c FROM "Trajectory" t, unnest(t."memoryCardIds") c
    WHERE ${armWhere(spec, scope, taskIds)}) d`);
  return row.n;
}

async function armInfo(text: string, spec: ArmSpec, totals: ArmTotals, cards: number): Promise<ArmInfo> {
  return {
    text,
    spec,
    runs: totals.runs,
    tasks: totals.tasks,
    banks: await bankSizes(totals.releases),
    cardsInjected: cards,
  };
}

/**
 * The paired comparison of arm B against arm A on the same tasks (A is "before"): flips, McNemar,
 * pass rates, pass^k, partial credit, cost, bank sizes, breakdowns and the regressions with the
 * cards behind them. Tasks in one arm only are listed apart.
 */
export async function compareArms(actor: Actor, input: unknown): Promise<CompareReport> {
  requirePermission(actor, 'compare:read');
  const query = compareQuerySchema.parse(input);
  const a = parseArm(query.a, 'a');
  const b = parseArm(query.b, 'b');
  for (const [what, spec] of [['a', a] as const, ['b', b] as const])
    if (isEmptyArm(spec))
      throw new AppError(
        'VALIDATION',
        `Arm ${what} names no runs: give a release, R0, a model, an agent or an import`,
        [{ path: what, message: 'empty arm' }],
      );
  if (formatArm(a) === formatArm(b))
    throw new AppError('VALIDATION', `Arms a and b are the same runs (${formatArm(a)}): choose two different arms`, [
      { path: 'b', message: 'same as a' },
    ]);
  const task = query.task ? await resolveTask(query.task, query.benchmark) : null;
  const scope = { benchmark: query.benchmark, ability: query.ability, task: query.task };
  const taskIds = task ? [task.id] : null;
  const pinned = {
    model: !!(a.model || b.model) && a.model !== b.model,
    agent: !!(a.agent || b.agent) && a.agent !== b.agent,
  };
  // The card counts read the runs' card lists, which the pairing does not need: on their own connections.
  const [aggregates, cardsA, cardsB] = await Promise.all([
    pairedAggregates(a, b, scope, taskIds, pinned),
    cardsInjected(a, scope, taskIds),
    cardsInjected(b, scope, taskIds),
  ]);
  const figures = buildPairedFigures(aggregates);
  const broke = figures.flips.filter((f) => f.kind === 'broke').slice(0, MAX_DETAILED_REGRESSIONS);
  const [infoA, infoB, regressions] = await Promise.all([
    armInfo(query.a, a, aggregates.arms.a, cardsA),
    armInfo(query.b, b, aggregates.arms.b, cardsB),
    regressionDetails(broke),
  ]);
  return {
    ...figures,
    query,
    arms: { a: infoA, b: infoB },
    task,
    regressions,
    maxDetailedRegressions: MAX_DETAILED_REGRESSIONS,
  };
}
