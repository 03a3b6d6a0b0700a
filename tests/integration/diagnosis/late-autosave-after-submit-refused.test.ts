import { Prisma } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { saveDraft, submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { AppError } from '@/lib/errors';
import { claimedCheckpoint } from '../../helpers/claimed-checkpoint';
import { holdRowLocks, lockWaiters } from '../../helpers/lock-waits';
import { waitFor } from '../../helpers/wait-for';

describe('an autosave racing the submission of the same diagnosis', () => {
  it('refuses an autosave that reaches the database after the submission instead of overwriting the submitted text', async () => {
    // Two failed checkpoints: submitting the first keeps the annotator's claim (the second is still theirs to do).
    const { annotator, trajectoryId, checkpointResultId, body: content } = await claimedCheckpoint('autosave');
    await saveDraft(annotator, content('typing'));

    // The submission, then the autosave sent just before it but slower, both queue on the claim.
    const claim = await holdRowLocks(
      Prisma.sql`SELECT id FROM "QueueClaim" WHERE "trajectoryId" = ${trajectoryId} FOR UPDATE`,
    );
    const submitted = submitDiagnosis(annotator, content('the final text'));
    await waitFor('the submission to wait on the claim', async () => (await lockWaiters('QueueClaim')) >= 1);
    const autosaved = saveDraft(annotator, content('the text a moment earlier')).catch((e: unknown) => e);
    await waitFor('the autosave to wait behind it', async () => (await lockWaiters('QueueClaim')) >= 2);
    await claim.release();

    expect((await submitted).diagnosis.status).toBe('SUBMITTED');
    const refused = await autosaved;
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toMatch(/already submitted/);
    const stored = await prisma.diagnosis.findFirstOrThrow({
      where: { checkpointResultId: checkpointResultId, authorId: annotator.userId },
    });
    expect({ status: stored.status, whatWentWrong: stored.whatWentWrong }).toEqual({
      status: 'SUBMITTED',
      whatWentWrong: 'the final text',
    });
  });
});
