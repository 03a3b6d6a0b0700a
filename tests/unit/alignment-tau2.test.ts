/**
 * The alignment on real data: the τ²-bench airline sample, task 16, eight
 * models (../shared/data, read when present; skipped elsewhere). Tool calls
 * are read straight from the simulations so this test does not depend on the
 * importer; tool names get the "airline." app prefix as the adapter gives them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alignToolCalls, type AlignmentSequence } from '@/lib/contrast/align-tool-calls';
import { findDivergence } from '@/lib/contrast/find-divergence';
import { realDataPath, skipWithoutRealData } from '../../scripts/lib/real-data';

const dir = realDataPath('tau2-bench/airline');

type Simulation = {
  task_id: string;
  reward_info: { reward: number };
  messages: { tool_calls?: { name: string; arguments: Record<string, unknown> }[] | null }[];
};

function task16Runs(): AlignmentSequence[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const sims = (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { simulations: Simulation[] })
        .simulations;
      return sims
        .filter((s) => String(s.task_id) === '16')
        .map((s) => ({
          id: file.replace(/\.json$/, ''),
          passed: s.reward_info.reward >= 1,
          steps: s.messages.flatMap((m, position) =>
            (m.tool_calls ?? []).map((c) => ({ tool: `airline.${c.name}`, arguments: c.arguments, position })),
          ),
        }));
    });
}

describe.skipIf(skipWithoutRealData('tau2-bench/airline', 'alignment on the τ²-bench airline sample'))(
  'alignment on the τ²-bench airline sample (task 16, 8 models)',
  () => {
    it('aligns all eight runs and finds where the failing runs leave the passing ones', () => {
      const runs = task16Runs();
      expect(runs).toHaveLength(8);
      const alignment = alignToolCalls(runs);
      const col = (id: string) => alignment.ids.indexOf(id);
      const cell = (row: number, id: string) => alignment.rows[row][col(id)]?.step.tool ?? null;

      // The five passing runs made the same six calls: they share every row (gaps only where a failing run added calls).
      const passing = runs.filter((r) => r.passed).map((r) => r.id);
      expect(passing).toHaveLength(5);
      for (const row of alignment.rows) expect(new Set(passing.map((id) => row[col(id)]?.key ?? null)).size).toBe(1);
      expect(alignment.rows.filter((row) => row[col(passing[0])] !== null)).toHaveLength(6);
      expect(alignment.rows[0].every((c) => c?.step.tool === 'airline.get_user_details')).toBe(true);

      const d = findDivergence(alignment, Object.fromEntries(runs.map((r) => [r.id, r.passed === true])));
      expect(d.mode).toBe('pass-vs-fail');
      // gpt-oss-120b never looked up the second reservation (UHDAHF): the earliest divergence, a gap.
      expect(d.row).toBe(2);
      expect(d.differing).toEqual(['gpt-oss-120b_langchain']);
      expect(cell(2, 'gpt-oss-120b_langchain')).toBeNull();
      expect(alignment.rows[2][col('gpt-4.1')]?.step.arguments).toEqual({ reservation_id: 'UHDAHF' });
      // gpt-4o booked new reservations where the passing runs updated the existing one.
      expect(cell(d.perRun['gpt-4o-2024-11-20']!, 'gpt-4o-2024-11-20')).toBe('airline.book_reservation');
      // gpt-5.4 called the right function with the wrong flights: a partial match in the same row.
      const gpt54 = d.perRun['gpt-5.4_ironshell']!;
      expect(cell(gpt54, 'gpt-5.4_ironshell')).toBe('airline.update_reservation_flights');
      expect(cell(gpt54, 'gpt-4.1')).toBe('airline.update_reservation_flights');
      // gpt-oss-120b's update carries extra fields in `flights`: still lined up with the passing runs' update.
      expect(cell(gpt54, 'gpt-oss-120b_langchain')).toBe('airline.update_reservation_flights');
    });
  },
);
