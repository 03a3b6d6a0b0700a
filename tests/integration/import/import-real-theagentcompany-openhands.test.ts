import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { importFile } from '@/lib/import/run-import';
import { realDataPath, skipWithoutRealData } from '../../../scripts/lib/real-data';
import { cli } from '../../helpers/import-files';

const TAC = 'theagentcompany';
const OH = 'openhands';

/** Every file under `dir` as zip entries under `top/`. */
function zipFolder(dir: string, top: string): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  const walk = (d: string, rel: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full, `${rel}/${name}`);
      else entries[`${rel}/${name}`] = readFileSync(full);
    }
  };
  walk(dir, top);
  return zipSync(entries);
}

describe.skipIf(skipWithoutRealData(TAC, 'TheAgentCompany real samples import'))('TheAgentCompany real samples', () => {
  it('imports both submissions with the tasks folder, as a folder and as a zip', async () => {
    // Counts computed with a Python pass over the files: 15 + 175 results files; 7 IRIS runs with empty
    // checkpoints and final 0/0; 8 IRIS prose trajectories and 1 ARIA state, so 181 runs without one;
    // 591 checkpoint results (each run's scored checkpoints, cut to its checkpoints.md count where one
    // exists: ds-merge-multiple-sheets is scored with 4 by ARIA and described with 2), 274 of them failed.
    const report = await importFile({ ...cli, filePath: realDataPath(TAC) });
    expect(report).toMatchObject({
      format: 'theagentcompany',
      status: 'SUCCEEDED',
      recordsTotal: 190,
      importedCount: 190,
    });
    const reasons = report.errors.map((e) => e.reason);
    // The 7 runs that never started are counted apart (not warned about, nor as outcome-only runs).
    expect(report.notStarted).toBe(7);
    expect(reasons.filter((r) => r.includes('never started'))).toHaveLength(0);
    expect(reasons.filter((r) => r.includes('outcome only'))).toHaveLength(174);
    expect(reasons.filter((r) => r.includes('checkpoints.md describes 2'))).toHaveLength(1);

    const runs = await prisma.trajectory.findMany({
      where: { task: { benchmark: TAC } },
      select: { metadata: true, agent: true, model: true },
    });
    const kinds = runs.reduce<Record<string, number>>((n, r) => {
      const k = String((r.metadata as { trajectory_kind?: string }).trajectory_kind);
      return { ...n, [k]: (n[k] ?? 0) + 1 };
    }, {});
    expect(kinds).toEqual({ outcome_only: 181, narrative: 8, aria: 1 });
    expect(new Set(runs.map((r) => `${r.agent} / ${r.model}`))).toEqual(
      new Set(['ARIA / deepseek-v3.2', 'IRIS-GraphAgent / gpt-5.4-2026-03-05']),
    );
    const results = await prisma.checkpointResult.findMany({ where: { trajectory: { task: { benchmark: TAC } } } });
    expect(results).toHaveLength(591);
    expect(results.filter((r) => !r.passed)).toHaveLength(274);

    // The upload path: the same folder zipped, under a top folder of its own; every run already present.
    const zip = path.join(mkdtempSync(path.join(os.tmpdir(), 'tac-real-')), 'theagentcompany.zip');
    writeFileSync(zip, zipFolder(realDataPath(TAC), 'theagentcompany'));
    const again = await importFile({ ...cli, source: 'UPLOAD', filePath: zip });
    expect(again).toMatchObject({ status: 'SUCCEEDED', recordsTotal: 190, presentCount: 190 });
  });
});

describe.skipIf(skipWithoutRealData(OH, 'OpenHands real samples import'))('OpenHands real samples', () => {
  it('imports each event list and evaluation output with one event per OpenHands event', async () => {
    // Event counts from the files (len of the list / of each line's history): basic 4, basic_interactions 6,
    // multi_swe_bench_output 49 + 70 + 103 (no pass/fail recorded), resolver_output 8 + 44 (success: true).
    const basic = await importFile({ ...cli, filePath: realDataPath(`${OH}/basic.json`) });
    expect(basic).toMatchObject({ format: 'openhands', status: 'SUCCEEDED', importedCount: 1 });
    const interactions = await importFile({ ...cli, filePath: realDataPath(`${OH}/basic_interactions.json`) });
    expect(interactions).toMatchObject({ format: 'openhands', status: 'SUCCEEDED', importedCount: 1 });
    const swe = await importFile({ ...cli, filePath: realDataPath(`${OH}/multi_swe_bench_output.jsonl`) });
    expect(swe).toMatchObject({ format: 'openhands', status: 'SUCCEEDED', importedCount: 3, warningCount: 3 });
    // The 2024 resolver shape names no model.
    const resolver = await importFile({
      ...cli,
      filePath: realDataPath(`${OH}/resolver_output.jsonl`),
      model: 'gpt-4o',
    });
    expect(resolver).toMatchObject({ format: 'openhands', status: 'SUCCEEDED', importedCount: 2 });

    const runs = await prisma.trajectory.findMany({
      where: { task: { benchmark: { startsWith: 'openhands' } } },
      select: { eventCount: true, passed: true, checkpoints: { select: { passed: true } } },
      orderBy: { eventCount: 'asc' },
    });
    expect(runs.map((r) => r.eventCount)).toEqual([4, 6, 8, 44, 49, 70, 103]);
    expect(runs.filter((r) => r.checkpoints.length).map((r) => [r.eventCount, r.passed])).toEqual([
      [8, true],
      [44, true],
    ]);
    const calls = await prisma.event.count({
      where: { type: 'TOOL_CALL', trajectory: { task: { benchmark: 'openhands' } } },
    });
    expect(calls).toBeGreaterThan(0);
  });
});
