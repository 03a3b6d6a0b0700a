import { z } from 'zod';

// No database imports here: client components use the schema's types and filterParams.
const optionalText = (max: number) => z.string().trim().max(max).optional().transform((v) => v || undefined);
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
  benchmark: optionalText(200),
  ability: optionalText(200),
  model: optionalText(300),
  // The agent harness a model ran under (Trajectory.agent): one model under two agents is two runs to compare.
  agent: optionalText(300),
  from: optionalDate,
  to: optionalDate,
});

/**
 * Dashboard filters (URL of /dashboard and its drill-down lists, `GET /api/dashboard`). Dates are inclusive days, UTC.
 * A range that ends before it starts is refused (it used to answer 0 trajectories, as if nothing had been imported);
 * the schemas that extend this one keep the check.
 */
export const dashboardFilterSchema = dashboardFilterFields
  .superRefine(({ from, to }, ctx) => {
    // YYYY-MM-DD strings compare as dates.
    if (from && to && to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: `The range ends (${to}) before it starts (${from}): "to" must be on or after "from"` });
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
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) q.set(k, v);
  return q.toString();
}
