import { describe, expect, it } from 'vitest';
import { cardRecords } from '@/lib/compare/card-record';
import { prisma } from '@/lib/db/prisma';
import { importFile } from '@/lib/import/run-import';
import { createSkillCard } from '../../helpers/bank-factories';
import { uid } from '../../helpers/factories';
import { failedRecord } from '../../helpers/failed-trajectories';
import { cli, tempFolder } from '../../helpers/import-files';

// The bank's helped / hurt columns read CardRecordCount, kept by triggers on Trajectory and BankRelease
// (card_record_summary migration). Each step writes through the real import or a plain delete and checks
// the kept totals against the direct pairing of lib/compare/card-record.ts, card by card.
const write = tempFolder('card-record-summary-');

type Run = { task: string; pass: boolean; release: string | null; cards?: string[]; trial?: number };

async function importRound(benchmark: string, runs: Run[]) {
  const records = runs.map((r) => {
    const rec = failedRecord({
      benchmark,
      taskId: r.task,
      model: 'm1',
      failed: r.pass ? 0 : 1,
      passed: r.pass ? 2 : 1,
    });
    return {
      ...rec,
      trajectory: {
        ...rec.trajectory,
        trial: r.trial ?? 0,
        memory: { bank_release: r.release, card_ids: r.cards ?? [] },
      },
    };
  });
  const file = write(`${uid()}.jsonl`, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const report = await importFile({ ...cli, filePath: file });
  expect(report.importedCount, JSON.stringify(report.errors)).toBe(runs.length);
}

type Card = { id: string; key: string };

/**
 * The direct pairing (lib/compare/card-record.ts) gives `expected`, [helped, hurt, unchanged] per card, and
 * the kept totals agree with it.
 */
async function expectRecords(cards: Card[], expected: number[][]) {
  const kept = await prisma.cardRecordCount.findMany({ where: { ref: { in: cards.flatMap((c) => [c.key, c.id]) } } });
  const sum = (c: Card, f: 'helped' | 'hurt' | 'unchanged') =>
    kept.filter((k) => k.ref === c.key || k.ref === c.id).reduce((n, k) => n + k[f], 0);
  const direct = await Promise.all(cards.map(async (c) => (await cardRecords([c])).get(c.id)!));
  expect(direct.map((d) => [d.helped, d.hurt, d.unchanged])).toEqual(expected);
  expect(cards.map((c) => [sum(c, 'helped'), sum(c, 'hurt'), sum(c, 'unchanged')])).toEqual(expected);
}

describe('the kept card record equals the direct pairing after every write', () => {
  it('follows imports of two rounds, a deleted run and a release that changes the round order', async () => {
    const bench = `crs-${uid()}`;
    const [r1, r15, r2] = [`r1-${uid()}`, `r15-${uid()}`, `r2-${uid()}`];
    await prisma.bankRelease.create({ data: { name: r1, createdAt: new Date('2026-01-01T00:00:00Z') } });
    await prisma.bankRelease.create({ data: { name: r2, createdAt: new Date('2026-03-01T00:00:00Z') } });
    const cards = await Promise.all([1, 2, 3].map(async () => (await createSkillCard({ ability: 'airline' })).card));
    const [a, b, c] = cards;

    await importRound(bench, [
      { task: 't1', pass: false, release: null },
      { task: 't2', pass: false, release: null },
      { task: 't3', pass: true, release: null },
    ]);
    await importRound(bench, [
      { task: 't1', pass: true, release: r1, cards: [a.key] },
      { task: 't2', pass: false, release: r1, cards: [a.key, b.key] },
      { task: 't3', pass: true, release: r1, cards: [b.key] },
      { task: 't4', pass: false, release: r1 },
    ]);
    // By hand, r1 against R0: a helped t1, unchanged t2; b unchanged t2 and t3; c never injected.
    await expectRecords(cards, [
      [1, 0, 1],
      [0, 0, 2],
      [0, 0, 0],
    ]);

    await importRound(bench, [
      { task: 't1', pass: false, release: r2, cards: [a.key, c.key] },
      { task: 't2', pass: true, release: r2, cards: [b.id] },
      { task: 't3', pass: false, release: r2, cards: [b.key, b.key] },
      { task: 't4', pass: true, release: r2, cards: [c.key] },
      // A second trial of t1 has no partner in r1: not a pair.
      { task: 't1', pass: false, release: r2, cards: [a.key], trial: 1 },
    ]);
    // r2 against r1: a hurt t1; b helped t2 (by id), hurt t3 (listed twice, counted once); c hurt t1, helped t4.
    await expectRecords(cards, [
      [1, 1, 1],
      [1, 1, 2],
      [1, 1, 0],
    ]);

    // A deleted run takes its pairs with it.
    const t1r2 = await prisma.trajectory.findFirstOrThrow({
      where: { benchmark: bench, taskExternalId: 't1', memoryRelease: r2, trial: 0 },
    });
    await prisma.trajectory.delete({ where: { id: t1r2.id } });
    // t1's r2 run of trial 0 is gone: a and c lose that hurt.
    await expectRecords(cards, [
      [1, 0, 1],
      [1, 1, 2],
      [1, 0, 0],
    ]);

    // A counter update (pendingCount moves on every diagnosis submission) leaves the record alone; a
    // change of outcome recomputes its group, under the record's advisory locks (seen in pg_locks).
    const t2r2 = await prisma.trajectory.findFirstOrThrow({
      where: { benchmark: bench, taskExternalId: 't2', memoryRelease: r2 },
    });
    const triggerCalls = (update: Parameters<typeof prisma.trajectory.update>[0]['data']) =>
      prisma.$transaction(async (tx) => {
        await tx.trajectory.update({ where: { id: t2r2.id }, data: update });
        const [{ n }] = await tx.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND classid = 7043100 AND pid = pg_backend_pid()`;
        return n > 0 ? 1 : 0;
      });
    expect(await triggerCalls({ pendingCount: { increment: 1 } })).toBe(0);
    expect(await triggerCalls({ passed: true })).toBe(0);
    expect(await triggerCalls({ passed: false })).toBe(1);
    // t2's r2 run now fails as its r1 run did: b's help there becomes unchanged.
    await expectRecords(cards, [
      [1, 0, 1],
      [0, 1, 3],
      [1, 0, 0],
    ]);
    await prisma.trajectory.update({ where: { id: t2r2.id }, data: { passed: true } });

    // A release created between r1 and r2, with runs: r2's runs now pair against it, everywhere.
    await prisma.bankRelease.create({ data: { name: r15, createdAt: new Date('2026-02-01T00:00:00Z') } });
    await importRound(bench, [{ task: 't3', pass: true, release: r15, cards: [c.key] }]);
    // r15 against r1: c unchanged t3. r2 against r15: b hurt t3; t2 and t4 have no r15 run.
    await expectRecords(cards, [
      [1, 0, 1],
      [0, 1, 2],
      [0, 0, 1],
    ]);

    // TRUNCATE fires no delete trigger: its own trigger empties the pairs with the runs.
    await prisma.$executeRawUnsafe('TRUNCATE "Trajectory" CASCADE');
    expect([await prisma.cardRecordPair.count(), await prisma.cardRecordCount.count()]).toEqual([0, 0]);
  });
});
