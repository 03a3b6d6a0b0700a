import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { AppError } from '@/lib/errors';
import { stopBoss } from '@/lib/jobs/boss';
import { executeRun } from '@/lib/reflection/execute-run';
import { approveProposal } from '@/lib/review/approve-proposal';
import { getProposal } from '@/lib/review/get-proposal';
import { listProposals } from '@/lib/review/list-proposals';
import { recurateProposal } from '@/lib/review/recurate-proposal';
import { seedDemoWorkspace } from '@/lib/seed/seed-demo';
import { createActor } from '../../helpers/factories';
import { versionRows } from '../../helpers/review-fixtures';

let reviewer: Awaited<ReturnType<typeof createActor>>;
beforeAll(async () => {
  await seedDemoWorkspace();
  reviewer = await createActor('REVIEWER');
  return () => stopBoss();
});

const byOp = async (operation: string, stale?: boolean) => {
  const page = await listProposals(reviewer, { operation, ...(stale === undefined ? {} : { stale: String(stale) }) });
  return page.items;
};

describe('the demo inbox', () => {
  it('lists an ADD, a PATCH, a MERGE, a NARROW, a stale and an invalid proposal, newest first, with counts', async () => {
    const page = await listProposals(reviewer, {});
    const ops = page.items.map((i) => i.operation);
    for (const op of ['ADD_CARD', 'PATCH_CARD', 'MERGE_CARD', 'NARROW_TRIGGER']) expect(ops).toContain(op);
    expect(page.items.filter((i) => i.stale)).toHaveLength(1);
    expect(page.items.filter((i) => !i.valid)).toHaveLength(1);
    expect(page.counts).toMatchObject({
      total: 6,
      stale: 1,
      invalid: 1,
      byOperation: { ADD_CARD: 2, PATCH_CARD: 2, MERGE_CARD: 1, NARROW_TRIGGER: 1 },
    });
    const times = page.items.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await listProposals(reviewer, { stale: 'true' })).total).toBe(1);
    expect((await listProposals(reviewer, { valid: 'false' })).items[0].status).toBe('INVALID');
    expect((await listProposals(reviewer, { taskId: 'mail/1' })).total).toBe(6);
    expect((await listProposals(reviewer, { kind: 'FUNCTION' })).total).toBe(0);
  });

  it('re-runs validation now: the valid demo proposals pass, the invalid one shows its privacy reason', async () => {
    for (const item of (await listProposals(reviewer, {})).items) {
      const p = await getProposal(reviewer, item.id);
      if (item.valid) expect(p.validationNow, `${item.operation} ${item.title}`).toEqual([]);
      else expect(p.validationNow).toContainEqual(expect.objectContaining({ rule: 'privacy', path: 'solves' }));
    }
  });

  it('shows a NARROW with applies_when highlighted and a stale PATCH with base → current → proposed', async () => {
    const [narrow] = await byOp('NARROW_TRIGGER');
    const n = await getProposal(reviewer, narrow.id);
    expect(n.highlight).toEqual(['applies_when']);
    expect(n.targets[0].changes.filter((c) => c.changed).map((c) => c.path)).toEqual(['applies_when']);
    const [stale] = await byOp('PATCH_CARD', true);
    const s = await getProposal(reviewer, stale.id);
    expect(s.stale).toBe(true);
    expect(s.targets[0]).toMatchObject({ stale: true, base: { number: 1 }, current: { number: 2 } });
    expect(s.targets[0].baseToCurrent?.some((c) => c.changed)).toBe(true);
  });

  it('MERGE makes a new version of the kept card and marks the other MERGED into it (still readable)', async () => {
    const [merge] = await byOp('MERGE_CARD');
    const detail = await getProposal(reviewer, merge.id);
    expect(detail.targets).toHaveLength(2);
    const kept = detail.targets.find((t) => t.primary)!;
    const other = detail.targets.find((t) => !t.primary)!;
    // The inbox row names both cards, the kept (primary) one first, with the versions staleness compares.
    expect(merge.targets).toEqual([
      {
        cardId: kept.cardId,
        key: kept.key,
        baseVersionId: expect.any(String),
        currentVersionId: expect.any(String),
        primary: true,
      },
      {
        cardId: other.cardId,
        key: other.key,
        baseVersionId: expect.any(String),
        currentVersionId: expect.any(String),
        primary: false,
      },
    ]);
    const { cardVersions } = await approveProposal(reviewer, merge.id, { note: 'same rule' });
    expect(cardVersions).toEqual([
      expect.objectContaining({ cardId: kept.cardId, number: (kept.current?.number ?? 0) + 1 }),
    ]);
    const folded = await prisma.card.findUniqueOrThrow({ where: { id: other.cardId }, include: { versions: true } });
    expect(folded).toMatchObject({ status: 'MERGED', mergedIntoId: kept.cardId });
    expect(folded.versions).toHaveLength(1);
    expect((await prisma.card.findUniqueOrThrow({ where: { id: kept.cardId } })).status).toBe('ACTIVE');
  });

  it('refuses the stale PATCH (409 STALE naming the card) and re-curates it through the job queue into a proposal on the current version', async () => {
    const [stale] = await byOp('PATCH_CARD', true);
    const before = await versionRows();
    const err = (await approveProposal(reviewer, stale.id).catch((e: unknown) => e)) as AppError;
    expect([err.status, err.reason]).toEqual([409, 'STALE']);
    expect(err.message).toContain('skill::skill_a1f0c3');
    expect(await versionRows()).toEqual(before);

    const { run } = await recurateProposal(reviewer, stale.id);
    expect((await recurateProposal(reviewer, stale.id)).run.id).toBe(run.id);
    const queued = await prisma.reflectionRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(queued).toMatchObject({ kind: 'RECURATE', status: 'QUEUED' });
    expect(queued.jobId).toBeTruthy();
    await executeRun(run.id);
    const done = await prisma.reflectionRun.findUniqueOrThrow({
      where: { id: run.id },
      include: { proposals: { include: { targets: true } }, diagnoses: true },
    });
    expect(done.error).toBeNull();
    expect(done.status).toBe('SUCCEEDED');
    expect(done.diagnoses.length).toBeGreaterThan(0);
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: stale.id } })).status).toBe('SUPERSEDED');
    const [fresh] = done.proposals;
    expect(fresh.recuratedFromId).toBe(stale.id);
    const card = await prisma.card.findUniqueOrThrow({ where: { key: 'skill::skill_a1f0c3' } });
    for (const t of fresh.targets) expect(t.baseVersionId).toBe(card.currentVersionId);
  });
});
