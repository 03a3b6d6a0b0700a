'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type FlipChartRow = { group: string; bothPass: number; fixed: number; broke: number; bothFail: number };

/**
 * Paired outcomes per ability as stacked bars: regressions (pass→fail) in red beside the fixes, so a
 * bank that hurt one ability while helping another shows, where a pass-rate chart would net them out.
 */
export function FlipChart({ rows }: { rows: FlipChartRow[] }) {
  return (
    <figure aria-label="Paired outcomes by ability" data-testid="flip-chart">
      <div className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} layout="vertical" margin={{ left: 16, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="group" width={140} />
            <Tooltip />
            <Legend />
            <Bar dataKey="broke" name="pass→fail" stackId="x" fill="#dc2626" />
            <Bar dataKey="fixed" name="fail→pass" stackId="x" fill="#059669" />
            <Bar dataKey="bothPass" name="both pass" stackId="x" fill="#a5b4fc" />
            <Bar dataKey="bothFail" name="both fail" stackId="x" fill="#cbd5e1" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-xs text-slate-600">
        Pairs of runs of the same task and trial, by ability; the tables below hold the same counts.
      </figcaption>
    </figure>
  );
}
