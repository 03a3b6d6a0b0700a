import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { bankGrowth, type BankGrowth } from './bank-growth';
import { compactCellsIfGrown } from './compact-cells';
import { coverage, type Coverage } from './coverage';
import { curation, type Curation } from './curation';
import { dashboardFilterSchema, type DashboardFilters } from './filters';
import { passRates, type PassRates } from './pass-rates';
import { reviewThroughput, type ReviewThroughput } from './review-throughput';
import { listFilterValues, type ListFilterValues } from '@/lib/tasks/list-filter-values';

export type DashboardData = {
  filters: DashboardFilters;
  trajectoryCount: number;
  passRates: PassRates;
  coverage: Coverage;
  curation: Curation;
  review: ReviewThroughput;
  bank: BankGrowth;
  tookMs: number;
};

export type DashboardOptions = ListFilterValues & { agents: string[] };

/** Every dashboard figure for the filters: a handful of aggregate queries, run in parallel. */
export async function loadDashboard(actor: Actor, input: unknown): Promise<DashboardData> {
  requirePermission(actor, 'dashboard:read');
  const started = performance.now();
  const filters = dashboardFilterSchema.parse(input);
  // In the background: this read's figures are exact with or without it.
  void compactCellsIfGrown();
  const [rates, cov, cur, review, bank] = await Promise.all([
    passRates(filters),
    coverage(filters),
    curation(filters),
    reviewThroughput(filters),
    bankGrowth(filters),
  ]);
  const trajectoryCount = rates.byModel.reduce((s, r) => s + r.trajectories, 0);
  return {
    filters,
    trajectoryCount,
    passRates: rates,
    coverage: cov,
    curation: cur,
    review,
    bank,
    tookMs: Math.round(performance.now() - started),
  };
}

export async function dashboardOptions(actor: Actor): Promise<DashboardOptions> {
  requirePermission(actor, 'dashboard:read');
  const [values, agents] = await Promise.all([listFilterValues(), listAgents()]);
  return { ...values, agents };
}

/** The agents trajectories name, from the pass-rate cube (a few hundred rows at 100k trajectories; Trajectory.agent has no index of its own). */
async function listAgents(): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ agent: string }[]>`
    SELECT agent FROM "DashboardCell" WHERE agent <> '' GROUP BY agent HAVING sum(trajectories) > 0 ORDER BY agent`;
  return rows.map((r) => r.agent);
}
