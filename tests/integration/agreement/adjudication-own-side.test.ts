import { describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { adjudicate } from '@/lib/diagnosis/adjudicate';
import { listDisagreements } from '@/lib/diagnosis/list-disagreements';
import { createActor } from '../../helpers/factories';
import { refusal } from '../../helpers/refusal';
import { disagreement } from '../../helpers/disagreement';

/** One of the two annotators of a disagreement, promoted to reviewer: now a party who could judge it. */
async function sideAsReviewer(authorId: string): Promise<Actor> {
  const u = await prisma.user.update({ where: { id: authorId }, data: { role: 'REVIEWER' } });
  return { userId: u.id, name: u.name, email: u.email, role: 'REVIEWER', via: 'session' };
}

describe('adjudicating a disagreement one is a side of', () => {
  it('is refused (403 OWN_WORK) to a reviewer whose own diagnosis is a side, for a pick and for a written decision', async () => {
    const { benchmark, checkpointResultId, diagnoses } = await disagreement();
    const side = await sideAsReviewer(diagnoses[1].authorId);

    for (const decision of [
      { checkpointResultId, chosenDiagnosisId: diagnoses[1].id },
      { checkpointResultId, chosenDiagnosisId: diagnoses[0].id },
      { checkpointResultId, whatShouldHaveHappened: 'My own rule, again' },
    ]) {
      const err = await refusal(adjudicate(side, decision));
      expect({ status: err.status, reason: err.reason }).toEqual({ status: 403, reason: 'OWN_WORK' });
      expect(err.message).toMatch(/your own diagnosis is one of the sides/i);
    }
    expect(await prisma.adjudication.count({ where: { checkpointResultId } })).toBe(0);

    // The list tells them why (the UI disables the actions with this reason), and tells nobody else.
    const mine = await listDisagreements(side, { benchmark });
    expect(mine.items[0].notYours).toMatch(/your own diagnosis/i);
    const other = await createActor('REVIEWER');
    expect((await listDisagreements(other, { benchmark })).items[0].notYours).toBeNull();

    await adjudicate(other, { checkpointResultId, chosenDiagnosisId: diagnoses[0].id });
    expect(await prisma.adjudication.count({ where: { checkpointResultId } })).toBe(1);
  });
});
