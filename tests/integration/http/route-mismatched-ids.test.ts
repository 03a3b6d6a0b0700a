import type { Role } from '@prisma/client';
import { describe, expect, it, vi } from 'vitest';
import { POST as adjudicateRoute } from '@/app/api/agreement/adjudications/route';
import { POST as rollbackRoute } from '@/app/api/cards/[cardId]/rollback/route';
import { PATCH as patchDiagnosisRoute } from '@/app/api/diagnoses/[id]/route';
import { POST as importRoute } from '@/app/api/imports/route';
import { POST as releaseRoute } from '@/app/api/queue/release/route';
import { PATCH as patchCategoryRoute } from '@/app/api/taxonomy/[id]/route';
import { GET as listCategoriesRoute } from '@/app/api/taxonomy/route';
import { prisma } from '@/lib/db/prisma';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { claimNext } from '@/lib/queue/claim-next';
import { createApiToken } from '@/lib/users/api-tokens';
import { addVersion, createSkillCard, skillContent } from '../../helpers/bank-factories';
import { callRoute } from '../../helpers/call-route';
import { createActor, demoRecord, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

/**
 * Calls naming an id the route cannot act on — another trajectory's checkpoint, a trajectory nobody holds,
 * a change of nothing — used to answer 200 and do nothing (or something else). Each must say what is wrong
 * and where, and change nothing.
 */
type Answer = { status: number; message: string; reason?: string; paths: string[] };

async function answer(res: Response): Promise<Answer> {
  const body = (await res.json()) as { error?: { message: string; reason?: string; details: { path?: string }[] } };
  const e = body.error;
  return {
    status: res.status,
    message: e?.message ?? '',
    ...(e?.reason ? { reason: e.reason } : {}),
    paths: e?.details.map((d) => d.path ?? '') ?? [],
  };
}

async function tokenOf(role: Role) {
  const actor = await createActor(role);
  const { token } = await createApiToken(await createActor('ADMIN'), {
    name: `t-${uid()}`,
    role,
    userId: actor.userId,
  });
  return { actor, token };
}

/** Two trajectories of one benchmark with a failed checkpoint each; the annotator submitted a diagnosis on the first. */
async function submittedOnFirst() {
  const benchmark = `mismatch-${uid()}`;
  const [first, second] = await seedRecords([
    failedRecord({ benchmark, taskId: 't1' }),
    failedRecord({ benchmark, taskId: 't2' }),
  ]);
  const { actor, token } = await tokenOf('ANNOTATOR');
  expect(await claimNext(actor, { benchmark })).toEqual({ trajectoryId: first });
  const [cp1, cp2] = await Promise.all(
    [first, second].map((trajectoryId) =>
      prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId, passed: false } }),
    ),
  );
  const category = await prisma.failureCategory.findFirstOrThrow({ where: { active: true } });
  const body = {
    checkpointResultId: cp1.id,
    categoryId: category.id,
    eventStart: 0,
    eventEnd: 0,
    whatWentWrong: 'first text',
    whatShouldHaveHappened: 's',
  };
  const { diagnosis } = await submitDiagnosis(actor, body);
  const row = () =>
    prisma.diagnosis.findUniqueOrThrow({
      where: { id: diagnosis.id },
      select: { checkpointResultId: true, whatWentWrong: true, updatedAt: true },
    });
  return { token, body, diagnosisId: diagnosis.id, otherCheckpointId: cp2.id, row, before: await row() };
}

describe('a call naming what a route cannot act on says what and where, and changes nothing', () => {
  it('PATCH /api/diagnoses/:id naming another trajectory’s checkpoint is a 400 naming checkpointResultId; echoing its own is fine', async () => {
    const { token, body, diagnosisId, otherCheckpointId, row, before } = await submittedOnFirst();
    const patch = (b: object) =>
      callRoute(patchDiagnosisRoute, `/api/diagnoses/${diagnosisId}`, {
        method: 'PATCH',
        token,
        body: JSON.stringify(b),
        params: { id: diagnosisId },
      });

    const moved = await answer(
      await patch({ ...body, checkpointResultId: otherCheckpointId, whatWentWrong: 'moved?' }),
    );
    expect(moved).toMatchObject({ status: 400, paths: ['checkpointResultId'] });
    expect(moved.message).toContain(`not ${otherCheckpointId}`);
    // A misspelt field is named, not dropped while the rest is saved.
    const typo = await answer(await patch({ ...body, whatWentWrong: 'typo?', comentt: 'lost' }));
    expect(typo).toMatchObject({ status: 400, paths: ['comentt'] });
    expect(typo.message).toContain('comentt: unknown field');
    expect(await row()).toEqual(before);

    const echoed = await patch({ ...body, whatWentWrong: 'edited' });
    expect(echoed.status).toBe(200);
    expect(await row()).toMatchObject({ checkpointResultId: before.checkpointResultId, whatWentWrong: 'edited' });
  });

  it('POST /api/queue/release: an unknown trajectory is a 404, one nobody holds a 409 NOT_CLAIMED, someone else’s a 403, each naming it', async () => {
    const benchmark = `release-${uid()}`;
    const [held, free] = await seedRecords([
      failedRecord({ benchmark, taskId: 'r1' }),
      failedRecord({ benchmark, taskId: 'r2' }),
    ]);
    const holder = await tokenOf('ANNOTATOR');
    const other = await tokenOf('ANNOTATOR');
    expect(await claimNext(holder.actor, { benchmark })).toEqual({ trajectoryId: held });
    const release = async (token: string, trajectoryId: string) =>
      callRoute(releaseRoute, '/api/queue/release', { token, body: JSON.stringify({ trajectoryId }) });

    const unknown = await answer(await release(holder.token, 'no-such-trajectory'));
    expect(unknown).toMatchObject({
      status: 404,
      message: 'Trajectory no-such-trajectory not found',
      paths: ['trajectoryId'],
    });
    const notHeld = await answer(await release(holder.token, free));
    expect(notHeld).toMatchObject({ status: 409, reason: 'NOT_CLAIMED', paths: ['trajectoryId'] });
    expect(notHeld.message).toContain(`Nobody holds trajectory ${free}`);
    const othersClaim = await answer(await release(other.token, held));
    expect(othersClaim).toMatchObject({ status: 403, paths: ['trajectoryId'] });
    expect(othersClaim.message).toContain(`${holder.actor.name} holds trajectory ${held}, not you`);
    expect(await prisma.queueClaim.count({ where: { trajectoryId: held, userId: holder.actor.userId } })).toBe(1);

    const own = await release(holder.token, held);
    expect({ status: own.status, body: await own.json() }).toEqual({ status: 200, body: { released: true } });
    expect(await prisma.queueClaim.count({ where: { trajectoryId: held } })).toBe(0);
  });

  it('PATCH /api/taxonomy/:id with nothing to change is a 400 naming the fields that can change; the key is refused by name', async () => {
    const { token, actor } = await tokenOf('ADMIN');
    const category = await prisma.failureCategory.create({
      data: { key: `c-${uid()}`, label: 'Before', position: 900 },
    });
    const patch = async (b: object) =>
      answer(
        await callRoute(patchCategoryRoute, `/api/taxonomy/${category.id}`, {
          method: 'PATCH',
          token,
          body: JSON.stringify(b),
          params: { id: category.id },
        }),
      );

    const empty = await patch({});
    expect(empty.status).toBe(400);
    expect(empty.message).toContain('Nothing to change: send at least one of label, description, position, active');
    const key = await patch({ key: 'renamed' });
    expect(key).toMatchObject({ status: 400, paths: expect.arrayContaining(['key']) });
    expect(key.message).toContain('the key never changes');
    expect(await prisma.failureCategory.findUniqueOrThrow({ where: { id: category.id } })).toMatchObject({
      key: category.key,
      label: 'Before',
    });
    expect(await prisma.auditLog.count({ where: { actorId: actor.userId, entityId: category.id } })).toBe(0);
  });

  it('GET /api/taxonomy?all= with a value other than 1 or 0 is a 400 naming all (all=yes listed active categories only)', async () => {
    const { token } = await tokenOf('ADMIN');
    const retired = await prisma.failureCategory.create({
      data: { key: `r-${uid()}`, label: 'Retired', position: 901, active: false },
    });
    const list = (query: string) => callRoute(listCategoriesRoute, `/api/taxonomy?${query}`, { token });
    expect(await answer(await list('all=yes'))).toMatchObject({ status: 400, paths: ['all'] });
    const all = (await (await list('all=1')).json()) as { categories: { id: string }[] };
    expect(all.categories.map((c) => c.id)).toContain(retired.id);
  });

  it('POST /api/imports with a misspelt form field is a 400 naming it, and imports nothing (the model name was lost)', async () => {
    const { token } = await tokenOf('RESEARCHER');
    const benchmark = `upload-${uid()}`;
    const form = new FormData();
    form.append('format', 'native');
    form.append('modle', 'gpt-x');
    form.append('file', new Blob([`${JSON.stringify(demoRecord({ benchmark }))}\n`]), 'run.jsonl');
    const encoded = new Request('http://x', { method: 'POST', body: form });
    const res = await callRoute(importRoute, '/api/imports', {
      token,
      body: new Uint8Array(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    const refused = await answer(res);
    expect(refused).toMatchObject({ status: 400, paths: ['modle'] });
    expect(refused.message).toContain('Unknown import field modle: an import takes fileName, format, model, domain');
    expect(await prisma.task.count({ where: { benchmark } })).toBe(0);
  });

  it('POST /api/cards/:id/rollback on a card merged into another is a 409 MERGED, as retiring it is; no version is added', async () => {
    const { token } = await tokenOf('REVIEWER');
    const { card } = await createSkillCard({ content: skillContent({ title: 'Version one' }), status: 'MERGED' });
    await addVersion(card.id, skillContent({ title: 'Version two' }));
    const versions = () => prisma.cardVersion.count({ where: { cardId: card.id } });
    const before = await versions();
    const res = await answer(
      await callRoute(rollbackRoute, `/api/cards/${card.id}/rollback`, {
        token,
        body: JSON.stringify({ versionNumber: 1, note: 'restore' }),
        params: { cardId: card.id },
      }),
    );
    expect(res).toMatchObject({
      status: 409,
      reason: 'MERGED',
      message: `${card.key} was merged into another card; edit the kept card instead`,
    });
    expect(await versions()).toBe(before);
  });

  it('POST /api/agreement/adjudications with a picked diagnosis and a written one is a 400 naming the written fields', async () => {
    const { token } = await tokenOf('REVIEWER');
    const { body, diagnosisId } = await submittedOnFirst();
    // A second annotator's diagnosis (overlap), so the checkpoint is one to adjudicate.
    const second = await createActor('ANNOTATOR');
    const original = await prisma.diagnosis.findUniqueOrThrow({ where: { id: diagnosisId } });
    await prisma.diagnosis.create({
      data: {
        ...body,
        trajectoryId: original.trajectoryId,
        authorId: second.userId,
        whatWentWrong: 'second',
        status: 'SUBMITTED',
        submittedAt: new Date(),
      },
    });
    const res = await answer(
      await callRoute(adjudicateRoute, '/api/agreement/adjudications', {
        token,
        body: JSON.stringify({
          checkpointResultId: body.checkpointResultId,
          chosenDiagnosisId: diagnosisId,
          whatShouldHaveHappened: 'my own',
        }),
      }),
    );
    expect(res).toMatchObject({ status: 400, paths: ['whatShouldHaveHappened'] });
    expect(res.message).toContain('give either chosenDiagnosisId or a written diagnosis, not both');
    expect(await prisma.adjudication.count({ where: { checkpointResultId: body.checkpointResultId } })).toBe(0);
  });
});
