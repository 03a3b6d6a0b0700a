import { describe, expect, it, vi } from 'vitest';
import { PATCH as patchRoute } from '@/app/api/diagnoses/[id]/route';
import { prisma } from '@/lib/db/prisma';
import { editDiagnosis, saveDraft, submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { claimNext } from '@/lib/queue/claim-next';
import { createApiToken } from '@/lib/users/api-tokens';
import { callRoute } from '../../helpers/call-route';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';
import { refusal } from '../../helpers/refusal';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

/**
 * Annotator A saved a draft of one of a trajectory's two failed checkpoints, then
 * let the claim lapse (it expired: they went away); B is about to take the item.
 */
async function lapsedDraft() {
  const benchmark = `patch-claim-${uid()}`;
  const [trajectoryId] = await seedRecords([failedRecord({ benchmark, failed: 2 })]);
  const [a, b] = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
  expect(await claimNext(a, { benchmark })).toEqual({ trajectoryId });
  const category = await prisma.failureCategory.findFirstOrThrow({ orderBy: { position: 'asc' } });
  const cp = await prisma.checkpointResult.findFirstOrThrow({
    where: { trajectoryId, passed: false },
    orderBy: { id: 'asc' },
  });
  const body = {
    checkpointResultId: cp.id,
    categoryId: category.id,
    eventStart: 1,
    eventEnd: 1,
    whatWentWrong: 'A: wrong flight',
    whatShouldHaveHappened: 'cheapest',
  };
  const draft = await saveDraft(a, body);
  await prisma.queueClaim.update({ where: { trajectoryId }, data: { expiresAt: new Date(Date.now() - 1000) } });
  const status = async () => (await prisma.diagnosis.findUniqueOrThrow({ where: { id: draft.id } })).status;
  // Who holds a live claim on the trajectory (an expired one is nobody's).
  const holder = async () =>
    (await prisma.queueClaim.findFirst({ where: { trajectoryId, expiresAt: { gt: new Date() } } }))?.userId ?? null;
  return { benchmark, trajectoryId, a, b, body, draft, status, holder };
}

describe('PATCH /api/diagnoses/:id on a draft submits it only through the claim, as submit does', () => {
  it("is refused with submit's 409 while another annotator holds the trajectory, and leaves the draft a draft", async () => {
    const { benchmark, trajectoryId, a, b, body, draft, status, holder } = await lapsedDraft();
    expect(await claimNext(b, { benchmark })).toEqual({ trajectoryId });

    const bySubmit = await refusal(submitDiagnosis(a, body));
    const byPatch = await refusal(editDiagnosis(a, draft.id, body));
    expect(bySubmit).toMatchObject({ status: 409 });
    expect(byPatch).toMatchObject({ status: 409, message: bySubmit.message });
    expect(byPatch.message).toMatch(new RegExp(`^${b.name} is working on this trajectory`));

    // The same through the route, as an API client would send it.
    const { token } = await createApiToken(await createActor('ADMIN'), {
      name: 'a-runtime',
      role: 'ANNOTATOR',
      userId: a.userId,
    });
    const res = await callRoute(patchRoute, `/api/diagnoses/${draft.id}`, {
      method: 'PATCH',
      token,
      body: JSON.stringify(body),
      params: { id: draft.id },
    });
    expect({ status: res.status, message: (await res.json()).error.message }).toEqual({
      status: 409,
      message: bySubmit.message,
    });
    expect({ status: await status(), holder: await holder() }).toEqual({ status: 'DRAFT', holder: b.userId });
  });

  it('takes the free claim and submits, as submit does, when nobody holds the trajectory', async () => {
    const { a, body, draft, status, holder } = await lapsedDraft();
    const { diagnosis, pendingCount } = await editDiagnosis(a, draft.id, body);
    expect({ status: diagnosis.status, pendingCount }).toEqual({ status: 'SUBMITTED', pendingCount: 1 });
    expect({ status: await status(), holder: await holder() }).toEqual({ status: 'SUBMITTED', holder: a.userId });
  });

  it('never lets both the PATCH and a competing claim through when they race', async () => {
    for (let round = 0; round < 4; round++) {
      const { benchmark, trajectoryId, a, b, body, draft, status, holder } = await lapsedDraft();
      const [patched, claimed] = await Promise.allSettled([
        editDiagnosis(a, draft.id, body),
        claimNext(b, { benchmark }),
      ]);
      const submitted = (await status()) === 'SUBMITTED';
      const bTookIt = claimed.status === 'fulfilled' && claimed.value?.trajectoryId === trajectoryId;
      expect(submitted !== bTookIt, `round ${round}: submitted ${submitted}, B claimed ${bTookIt}`).toBe(true);
      expect(patched.status === 'fulfilled').toBe(submitted);
      expect(await holder()).toBe(submitted ? a.userId : b.userId);
    }
  });
});
