import { z } from 'zod';
import { optionalFilterText } from '@/lib/http/filter-text';

// No database imports here: client components use the schema's types and filterParams.
const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) {
      ctx.addIssue({ code: 'custom', message: 'Expected a date as YYYY-MM-DD' });
      return z.NEVER;
    }
    return v;
  });

/** The filter fields, without the range check: the OpenAPI document lists them as the query of `GET /api/dashboard`. */
export const dashboardFilterFields = z.object({
  benchmark: optionalFilterText(200),
  ability: optionalFilterText(200),
  model: optionalFilterText(300),
  // The agent harness a model ran under (Trajectory.agent): one model under two agents is two runs to compare.
  agent: optionalFilterText(300),
  // nullAgent=1: only runs without an agent recorded (the menu's "No agent"; the cube keys them '').
  // true as well: loadDashboard parses the filters the page already parsed.
  nullAgent: z
    .union([z.enum(['1', '']), z.boolean()])
    .optional()
    .transform((v) => (v === '1' || v === true ? true : undefined)),
  from: optionalDate,
  to: optionalDate,
});

/**
 * Dashboard filters (URL of /dashboard and its drill-down lists, `GET /api/dashboard`). Dates are inclusive days, UTC.
 * A range that ends before it starts is refused (0 trajectories would read as if nothing had been imported);
 * the schemas that extend this one keep the check.
 */
export const dashboardFilterSchema = dashboardFilterFields.superRefine(({ from, to, agent, nullAgent }, ctx) => {
  if (agent && nullAgent)
    ctx.addIssue({
      code: 'custom',
      path: ['nullAgent'],
      message: `Choose one agent: "agent" names ${agent} and nullAgent=1 asks for runs without one`,
    });
  // YYYY-MM-DD strings compare as dates.
  if (from && to && to < from)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `The range ends (${to}) before it starts (${from}): "to" must be on or after "from"`,
    });
});
export type DashboardFilters = Partial<z.infer<typeof dashboardFilterSchema>>;

/** The dashboard with the dashboard filters of a drill-down's query (not the point's own keys: week, bank, page…). */
export function dashboardHref(q: DashboardFilters): string {
  const keys = Object.keys(dashboardFilterFields.shape) as (keyof DashboardFilters)[];
  const params = filterParams(Object.fromEntries(keys.map((k) => [k, q[k]])));
  return params ? `/dashboard?${params}` : '/dashboard';
}

/**
 * The import days of the week starting `week` (a Monday) that the filters keep: the list behind a
 * weekly point must not widen a date range that starts or ends inside that week.
 */
export function weekWithin(week: string, f: DashboardFilters): { from: string; to: string } {
  const sunday = new Date(Date.parse(`${week}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  // YYYY-MM-DD strings compare as dates.
  return { from: f.from && f.from > week ? f.from : week, to: f.to && f.to < sunday ? f.to : sunday };
}

/** The filters as a query string for links (drill-downs keep the dashboard's filters). */
export function filterParams(f: DashboardFilters, extra: Record<string, string | null | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) q.set(k, v === true ? '1' : String(v));
  return q.toString();
}

/**
 * The queue behind a dashboard point: every dashboard filter travels in the
 * link. The queue filters by benchmark, ability and model; for the others
 * (agent, no agent, no ability, import dates) it has no filter, and the link
 * carries them anyway so the queue can say which ones it did not apply
 * (queueUnappliedFilters) instead of silently showing a wider set.
 */
export function queueHref(f: DashboardFilters, extra: Record<string, string | undefined> = {}): string {
  return `/queue?${filterParams(f, extra)}`;
}

/**
 * Where a diagnosis-coverage bar of one ability leads: the queue for a role that works it; for
 * the others (researchers read the dashboard but not the queue) the trajectories with a failed
 * checkpoint behind the bar, which they may read. The queue link sent them to "forbidden".
 */
export function coverageAbilityHref(f: DashboardFilters, ability: string | null, worksQueue: boolean): string {
  const point = ability ? { ability } : { nullAbility: '1' };
  return worksQueue
    ? queueHref(f, point)
    : `/dashboard/trajectories?${filterParams(f, { ...point, checkpointFailed: '1' })}`;
}

/** What a dashboard link asked of the queue that the queue cannot filter by, as readable phrases. */
export function queueUnappliedFilters(raw: Record<string, string | undefined>): string[] {
  const dates =
    raw.from && raw.to
      ? `imported ${raw.from} to ${raw.to}`
      : raw.from
        ? `imported from ${raw.from}`
        : raw.to
          ? `imported up to ${raw.to}`
          : null;
  return [
    raw.agent ? `agent ${raw.agent}` : null,
    raw.nullAgent === '1' ? 'no agent' : null,
    raw.nullAbility === '1' ? 'no ability' : null,
    dates,
  ].filter((x): x is string => Boolean(x));
}
