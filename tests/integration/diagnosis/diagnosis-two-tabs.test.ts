import { describe, expect, it } from 'vitest';
import { editDiagnosis, saveDraft, submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { claimedCheckpoint } from '../../helpers/claimed-checkpoint';
import { refusal } from '../../helpers/refusal';

describe('one annotator writing the same diagnosis from two tabs', () => {
  it("refuses a draft saved over a version the tab never saw, and keeps the other tab's text", async () => {
    const { annotator, body, stored } = await claimedCheckpoint('two-tabs');
    // Both tabs opened the checkpoint before either saved (they saw no diagnosis).
    const a = await saveDraft(annotator, body('tab A: the booking was wrong', null));
    const refused = await refusal(saveDraft(annotator, body('tab B: something else', null)));
    expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 409, reason: 'CHANGED_ELSEWHERE' });
    expect(refused.message).toMatch(/changed in another tab or window at \d\d:\d\d:\d\d UTC.*nothing was saved/);
    expect((await stored()).whatWentWrong).toBe('tab A: the booking was wrong');

    // Tab A goes on from its own version; tab B, told of the change, saves over the version it now knows.
    const a2 = await saveDraft(annotator, body('tab A: more', a.updatedAt));
    const b = await saveDraft(annotator, body('tab B: over A, on purpose', a2.updatedAt));
    expect((await stored()).whatWentWrong).toBe('tab B: over A, on purpose');
    expect(b.updatedAt > a2.updatedAt).toBe(true);
  });

  it('refuses a submission made over a draft saved meanwhile in another tab', async () => {
    const { annotator, body, stored } = await claimedCheckpoint('two-tabs');
    const first = await saveDraft(annotator, body('tab A draft', null));
    await saveDraft(annotator, body('tab A, typed on', first.updatedAt));
    const refused = await refusal(submitDiagnosis(annotator, body('tab B submits its stale text', first.updatedAt)));
    expect(refused.reason).toBe('CHANGED_ELSEWHERE');
    expect(await stored()).toMatchObject({ status: 'DRAFT', whatWentWrong: 'tab A, typed on' });
  });

  it('refuses a re-submission over one made meanwhile in another tab, through submit and through the edit endpoint', async () => {
    const { annotator, body, stored } = await claimedCheckpoint('two-tabs');
    const { diagnosis: submitted } = await submitDiagnosis(annotator, body('first', null));
    const { diagnosis: editedInA } = await submitDiagnosis(annotator, body('edited in tab A', submitted.updatedAt));
    expect((await refusal(submitDiagnosis(annotator, body('edited in tab B', submitted.updatedAt)))).reason).toBe(
      'CHANGED_ELSEWHERE',
    );
    expect(
      (await refusal(editDiagnosis(annotator, submitted.id, body('edited in tab B', submitted.updatedAt)))).reason,
    ).toBe('CHANGED_ELSEWHERE');
    expect((await stored()).whatWentWrong).toBe('edited in tab A');
    await editDiagnosis(annotator, submitted.id, body('edited in tab B, knowing A', editedInA.updatedAt));
    expect((await stored()).whatWentWrong).toBe('edited in tab B, knowing A');
  });

  it('lets exactly one of two simultaneous saves from the same version through', async () => {
    const { annotator, body, stored } = await claimedCheckpoint('two-tabs');
    const base = await saveDraft(annotator, body('base', null));
    const results = await Promise.allSettled([
      saveDraft(annotator, body('from A', base.updatedAt)),
      saveDraft(annotator, body('from B', base.updatedAt)),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected');
    expect((lost as PromiseRejectedResult).reason.reason).toBe('CHANGED_ELSEWHERE');
    expect((await stored()).whatWentWrong).toBe(
      (won[0] as PromiseFulfilledResult<{ whatWentWrong: string }>).value.whatWentWrong,
    );
  });

  it('keeps the last write winning for a caller that does not say which version it replaces', async () => {
    const { annotator, body, stored } = await claimedCheckpoint('two-tabs');
    await saveDraft(annotator, body('one'));
    await saveDraft(annotator, body('two'));
    expect((await stored()).whatWentWrong).toBe('two');
  });
});
