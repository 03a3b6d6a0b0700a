import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { adjudicate } from '@/lib/diagnosis/adjudicate';
import { AppError } from '@/lib/errors';
import { createActor, uid } from '../../helpers/factories';
import { disagreement } from '../../helpers/disagreement';
import { lockWaiters } from '../../helpers/lock-waits';
import { waitFor } from '../../helpers/wait-for';

const conflictOf = (r: PromiseSettledResult<unknown>) =>
  r.status === 'rejected' && r.reason instanceof AppError ? `${r.reason.code}: ${r.reason.message}` : r.status;

describe('two reviewers adjudicating one checkpoint', () => {
  it('refuses the second of two simultaneous decisions made against the same state, naming who decided what, and replaces it once told', async () => {
    const { checkpointResultId, diagnoses } = await disagreement();
    const [ann, bo] = [await createActor('REVIEWER'), await createActor('REVIEWER')];
    // Both decisions are made while an uncommitted adjudication of the checkpoint holds its unique key, so
    // both are under way at once however the two calls are scheduled; it is then rolled back.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const keyHeld = new Promise<void>((resolve) => (inserted = resolve));
    const holder = prisma
      .$transaction(
        async (tx) => {
          await tx.$executeRaw`INSERT INTO "Adjudication" (id, "checkpointResultId", "reviewerId", "updatedAt") VALUES (${`held-${uid()}`}, ${checkpointResultId}, ${ann.userId}, now())`;
          inserted();
          await gate;
          throw new Error('rolled back on purpose');
        },
        { timeout: 60_000 },
      )
      .catch((err: Error) => err.message);
    await keyHeld;
    const decisions = Promise.allSettled([
      adjudicate(ann, { checkpointResultId, chosenDiagnosisId: diagnoses[0].id, replacesUpdatedAt: null }),
      adjudicate(bo, { checkpointResultId, whatShouldHaveHappened: "Bo's rule", replacesUpdatedAt: null }),
    ]);
    await waitFor('both decisions to be under way', async () => (await lockWaiters('adjudication')) === 2);
    release();
    expect(await holder).toBe('rolled back on purpose');
    const results = await decisions;
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = conflictOf(results.find((r) => r.status === 'rejected')!);
    const saved = await prisma.adjudication.findUniqueOrThrow({
      where: { checkpointResultId },
      include: { reviewer: true },
    });
    const winnerWrote = saved.chosenDiagnosisId === null;
    expect(refused).toMatch(/^CONFLICT: /);
    expect(refused).toContain(`${saved.reviewer.name} adjudicated this checkpoint at`);
    expect(refused).toContain(
      winnerWrote ? `they wrote "Bo's rule"` : `they chose ${diagnoses[0].author.name}'s diagnosis`,
    );

    // The loser, now looking at the current decision, replaces it.
    const loser = winnerWrote ? ann : bo;
    await adjudicate(loser, {
      checkpointResultId,
      whatShouldHaveHappened: 'The settled rule',
      replacesUpdatedAt: saved.updatedAt.toISOString(),
    });
    const replaced = await prisma.adjudication.findUniqueOrThrow({ where: { checkpointResultId } });
    expect([replaced.reviewerId, replaced.whatShouldHaveHappened]).toEqual([loser.userId, 'The settled rule']);
    // A decision against the state before that replacement is refused too; an API caller that names no state replaces whatever is there.
    await expect(
      adjudicate(ann, {
        checkpointResultId,
        whatShouldHaveHappened: 'late',
        replacesUpdatedAt: saved.updatedAt.toISOString(),
      }),
    ).rejects.toThrow(/after you opened it/);
    await adjudicate(ann, { checkpointResultId, whatShouldHaveHappened: 'Last word' });
    expect(
      (await prisma.adjudication.findUniqueOrThrow({ where: { checkpointResultId } })).whatShouldHaveHappened,
    ).toBe('Last word');
    expect(await prisma.auditLog.count({ where: { entityType: 'Adjudication', entityId: saved.id } })).toBe(3);
  });
});
