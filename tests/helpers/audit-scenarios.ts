import { randomBytes } from 'node:crypto';
import type { Role } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { receiveTraces } from '@/lib/otlp/receive-traces';
import { approveProposal } from '@/lib/review/approve-proposal';
import { createApiToken } from '@/lib/users/api-tokens';
import { addVersion, createSkillCard, skillContent } from './bank-factories';
import { createActor, createUser, demoRecord, seedDemoTask, seedTrajectory, uid } from './factories';
import { pendingPatch, twinProposal } from './review-fixtures';

/**
 * One scenario per mutating route for tests/integration/audit/audit-coverage.test.ts:
 * seed what the route needs, say how to call it, and which audit row the call
 * must write — who (actorId; default: the user behind the role's API token),
 * what (action) and on which entity (entityType, and entityId when it is known
 * before the call, or a lookup after it).
 */
export type ExpectedAudit = {
  actorId?: string;
  action: string;
  entityType: string;
  entityId?: string | (() => Promise<string>);
};
export type Call = {
  role?: Role;
  token?: string;
  cookie?: string;
  params?: Record<string, string>;
  body?: unknown;
  raw?: { body: string; query: string };
  audit: ExpectedAudit;
};
export type Ctx = { tokens: Record<Role, string>; users: Record<Role, { id: string }>; taskId: string };

async function failedCheckpoints(n: number) {
  const { trajectories } = await seedDemoTask();
  const rows = await prisma.checkpointResult.findMany({
    where: { trajectoryId: { in: Object.values(trajectories) }, passed: false },
    take: n,
  });
  return rows.map((r) => ({ trajectoryId: r.trajectoryId, checkpointResultId: r.id }));
}

async function submitted(authorId: string, cp?: { trajectoryId: string; checkpointResultId: string }) {
  const at = cp ?? (await failedCheckpoints(1))[0];
  const category = await prisma.failureCategory.findFirstOrThrow({ where: { active: true } });
  const d = await prisma.diagnosis.create({
    data: {
      trajectoryId: at.trajectoryId,
      checkpointResultId: at.checkpointResultId,
      authorId,
      categoryId: category.id,
      eventStart: 0,
      eventEnd: 0,
      whatWentWrong: 'w',
      whatShouldHaveHappened: 's',
      status: 'SUBMITTED',
      submittedAt: new Date(),
    },
  });
  return { ...at, diagnosisId: d.id, categoryId: category.id };
}

/** The entry a diagnosis route writes for the annotator's newest diagnosis (the route creates it). */
const annotatorDiagnosisAudit = (ctx: Ctx, action: string): ExpectedAudit => ({
  action,
  entityType: 'Diagnosis',
  entityId: async () =>
    (
      await prisma.diagnosis.findFirstOrThrow({
        where: { authorId: ctx.users.ANNOTATOR.id },
        orderBy: { updatedAt: 'desc' },
      })
    ).id,
});

/** A failed run the annotator holds a queue claim on, for the routes that release or skip it. */
async function claimedTrajectory(ctx: Ctx): Promise<string> {
  const [{ trajectoryId }] = await failedCheckpoints(1);
  await prisma.queueClaim.create({
    data: { trajectoryId, userId: ctx.users.ANNOTATOR.id, expiresAt: new Date(Date.now() + 3_600_000) },
  });
  return trajectoryId;
}

/** An OTLP/JSON export request of one span in a new trace, and that trace's id. */
function oneSpanTrace() {
  const traceId = randomBytes(16).toString('hex');
  const ns = String(BigInt(Date.now()) * 1_000_000n);
  const span = {
    traceId,
    spanId: randomBytes(8).toString('hex'),
    name: 'run',
    startTimeUnixNano: ns,
    endTimeUnixNano: ns,
  };
  return { traceId, request: { resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] } };
}

/** `METHOD /api/pattern` → how to make it succeed once, and the entry it must write. */
export const SCENARIOS: Record<string, (ctx: Ctx) => Promise<Call>> = {
  'POST /api/admin/users': async () => {
    const email = `new-${uid()}@t.local`;
    const entityId = async () => (await prisma.user.findUniqueOrThrow({ where: { email } })).id;
    return {
      role: 'ADMIN',
      body: { email, name: 'New', role: 'ANNOTATOR', password: 'password1' },
      audit: { action: 'user.create', entityType: 'User', entityId },
    };
  },
  'PATCH /api/admin/users/[id]': async () => {
    const { id } = await createUser('ANNOTATOR');
    return {
      role: 'ADMIN',
      params: { id },
      body: { role: 'REVIEWER' },
      audit: { action: 'user.update', entityType: 'User', entityId: id },
    };
  },
  'POST /api/admin/tokens': async () => {
    const name = `t-${uid()}`;
    const entityId = async () => (await prisma.apiToken.findFirstOrThrow({ where: { name } })).id;
    return {
      role: 'ADMIN',
      body: { name, role: 'ANNOTATOR' },
      audit: { action: 'token.create', entityType: 'ApiToken', entityId },
    };
  },
  'DELETE /api/admin/tokens/[id]': async () => {
    const { id } = await createApiToken(await createActor('ADMIN'), { name: `x-${uid()}`, role: 'ANNOTATOR' });
    return { role: 'ADMIN', params: { id }, audit: { action: 'token.revoke', entityType: 'ApiToken', entityId: id } };
  },
  'POST /api/auth/login': async () => {
    const u = await createUser('ANNOTATOR', { password: 'login-password' });
    return {
      body: { email: u.email, password: 'login-password' },
      audit: { actorId: u.id, action: 'auth.login', entityType: 'User', entityId: u.id },
    };
  },
  'POST /api/auth/logout': async () => {
    const u = await createUser('ANNOTATOR', { password: 'login-password' });
    const { login } = await import('@/lib/users/sessions');
    const { token } = await login(u.email, 'login-password');
    return {
      cookie: `mc_session=${token}`,
      audit: { actorId: u.id, action: 'auth.logout', entityType: 'User', entityId: u.id },
    };
  },
  'POST /api/queue/next': async () => {
    const [cp] = await failedCheckpoints(1);
    const t = await prisma.trajectory.findUniqueOrThrow({ where: { id: cp.trajectoryId }, include: { task: true } });
    const annotator = await createUser('ANNOTATOR');
    const { token } = await createApiToken(await createActor('ADMIN'), {
      name: 'q',
      role: 'ANNOTATOR',
      userId: annotator.id,
    } as never);
    const entityId = async () =>
      (await prisma.queueClaim.findFirstOrThrow({ where: { userId: annotator.id } })).trajectoryId;
    return {
      token,
      body: { benchmark: t.task.benchmark },
      audit: { actorId: annotator.id, action: 'queue.claim', entityType: 'Trajectory', entityId },
    };
  },
  'POST /api/queue/assign': async (ctx) => {
    const [{ trajectoryId }] = await failedCheckpoints(1);
    return {
      role: 'ADMIN',
      body: { trajectoryId, userId: ctx.users.ANNOTATOR.id },
      audit: { action: 'queue.assign', entityType: 'Trajectory', entityId: trajectoryId },
    };
  },
  'POST /api/queue/release': async (ctx) => {
    const trajectoryId = await claimedTrajectory(ctx);
    return {
      role: 'ANNOTATOR',
      body: { trajectoryId },
      audit: { action: 'queue.release', entityType: 'Trajectory', entityId: trajectoryId },
    };
  },
  'PUT /api/diagnoses/draft': async (ctx) => {
    const [cp] = await failedCheckpoints(1);
    return {
      role: 'ANNOTATOR',
      body: { checkpointResultId: cp.checkpointResultId, whatWentWrong: 'draft' },
      audit: annotatorDiagnosisAudit(ctx, 'diagnosis.draft'),
    };
  },
  'POST /api/diagnoses/submit': async (ctx) => {
    const [cp] = await failedCheckpoints(1);
    const category = await prisma.failureCategory.findFirstOrThrow({ where: { active: true } });
    return {
      role: 'ANNOTATOR',
      body: {
        checkpointResultId: cp.checkpointResultId,
        categoryId: category.id,
        eventStart: 0,
        eventEnd: 0,
        whatWentWrong: 'w',
        whatShouldHaveHappened: 's',
      },
      audit: annotatorDiagnosisAudit(ctx, 'diagnosis.submit'),
    };
  },
  'POST /api/diagnoses/artefact': async (ctx) => {
    const [cp] = await failedCheckpoints(1);
    return {
      role: 'ANNOTATOR',
      body: { checkpointResultId: cp.checkpointResultId, reason: 'the check contradicts the expected outcome' },
      audit: annotatorDiagnosisAudit(ctx, 'diagnosis.submit'),
    };
  },
  'POST /api/queue/skip': async (ctx) => {
    const trajectoryId = await claimedTrajectory(ctx);
    return {
      role: 'ANNOTATOR',
      body: { trajectoryId, reason: 'not now' },
      audit: { action: 'queue.skip', entityType: 'Trajectory', entityId: trajectoryId },
    };
  },
  'PATCH /api/diagnoses/[id]': async (ctx) => {
    const d = await submitted(ctx.users.ANNOTATOR.id);
    return {
      role: 'ANNOTATOR',
      params: { id: d.diagnosisId },
      body: {
        checkpointResultId: d.checkpointResultId,
        categoryId: d.categoryId,
        eventStart: 0,
        eventEnd: 0,
        whatWentWrong: 'edited',
        whatShouldHaveHappened: 's',
      },
      audit: { action: 'diagnosis.edit', entityType: 'Diagnosis', entityId: d.diagnosisId },
    };
  },
  'POST /api/imports': async () => {
    const fileName = `audit-${uid()}.jsonl`;
    const entityId = async () => (await prisma.importJob.findFirstOrThrow({ where: { fileName } })).id;
    return {
      role: 'RESEARCHER',
      raw: { body: `${JSON.stringify(demoRecord())}\n`, query: `fileName=${fileName}&format=native` },
      audit: { action: 'import.finish', entityType: 'ImportJob', entityId },
    };
  },
  'POST /api/trajectories/[trajectoryId]/checkpoints': async () => {
    // An undiagnosed checkpoint whose evaluation arrives again with another result: replaced, and audited.
    const t = await seedTrajectory({
      benchmark: `late-${uid()}`,
      taskExternalId: 'task-1',
      model: 'model-a',
      checkpoints: { cp_0: true },
    });
    return {
      role: 'RESEARCHER',
      params: { trajectoryId: t.id },
      body: { checkpoints: [{ id: 'cp_0', passed: false, note: 'the evaluator ran again' }] },
      audit: { action: 'checkpoints.attach', entityType: 'Trajectory', entityId: t.id },
    };
  },
  'POST /api/trajectories/[trajectoryId]/reassign': async () => {
    // A trace that named no task lands under the "unassigned" task; an admin moves it to a task of their naming.
    const { traceId, request } = oneSpanTrace();
    const body = Buffer.from(JSON.stringify(request));
    const { builds } = await receiveTraces(await createActor('RESEARCHER'), {
      encoding: 'json',
      readBody: async () => body,
    });
    await builds;
    const t = await prisma.trajectory.findFirstOrThrow({ where: { externalId: `otlp-${traceId}` } });
    return {
      role: 'ADMIN',
      params: { trajectoryId: t.id },
      body: { task: { benchmark: `reassigned-${uid()}`, id: 'task-1' } },
      audit: { action: 'trajectory.reassign', entityType: 'Trajectory', entityId: t.id },
    };
  },
  'POST /v1/traces': async () => {
    const { traceId, request } = oneSpanTrace();
    // The sender's row is keyed by its token, which the scenario's caller holds: found after the call.
    const entityId = async () => (await prisma.otlpTrace.findUniqueOrThrow({ where: { traceId } })).sourceKey;
    return {
      role: 'RESEARCHER',
      body: request,
      audit: { action: 'otlp.receive', entityType: 'OtlpIngest', entityId },
    };
  },
  'POST /api/taxonomy': async () => {
    const key = `k-${uid()}`;
    const entityId = async () => (await prisma.failureCategory.findUniqueOrThrow({ where: { key } })).id;
    return {
      role: 'ADMIN',
      body: { key, label: 'New category' },
      audit: { action: 'taxonomy.create', entityType: 'FailureCategory', entityId },
    };
  },
  'PATCH /api/taxonomy/[id]': async () => {
    const { id } = await prisma.failureCategory.findFirstOrThrow();
    return {
      role: 'ADMIN',
      params: { id },
      body: { label: `Renamed ${uid()}` },
      audit: { action: 'taxonomy.update', entityType: 'FailureCategory', entityId: id },
    };
  },
  'PUT /api/reflection/llm-settings': async () => ({
    role: 'ADMIN',
    body: {
      models: { reflector: 'm-a', curator: 'm-b', function_cards: 'm-c' },
      options: { timeoutMs: 60000, maxRetries: 2, concurrency: 2 },
    },
    audit: { action: 'settings.llm.update', entityType: 'Setting', entityId: 'llm.models' },
  }),
  'POST /api/reflection/runs': async (ctx) => {
    const d = await submitted(ctx.users.REVIEWER.id);
    const { taskId } = await prisma.trajectory.findUniqueOrThrow({ where: { id: d.trajectoryId } });
    const entityId = async () =>
      (await prisma.reflectionRun.findFirstOrThrow({ where: { taskId, createdById: ctx.users.RESEARCHER.id } })).id;
    return {
      role: 'RESEARCHER',
      body: { taskId, settings: { provider: 'offline' } },
      audit: { action: 'reflection.run.create', entityType: 'ReflectionRun', entityId },
    };
  },
  'POST /api/reflection/batches': async (ctx) => {
    const entityId = async () =>
      (await prisma.reflectionRun.findFirstOrThrow({ where: { taskId: ctx.taskId, batchId: { not: null } } })).batchId!;
    return {
      role: 'RESEARCHER',
      body: { mode: 'task-ids', taskIds: [ctx.taskId], settings: { provider: 'offline', requireDiagnoses: false } },
      audit: { action: 'reflection.batch.create', entityType: 'ReflectionBatch', entityId },
    };
  },
  'POST /api/reflection/function-cards': async () => ({
    role: 'RESEARCHER',
    body: { provider: 'offline' },
    audit: { action: 'reflection.function-cards.create', entityType: 'ReflectionRun' },
  }),
  'PUT /api/admin/overlap': async () => {
    const benchmark = `ovl-${uid()}`;
    await seedDemoTask(undefined, benchmark);
    const entityId = async () => (await prisma.overlapSetting.findFirstOrThrow({ where: { benchmark } })).id;
    return {
      role: 'ADMIN',
      body: { benchmark, k: 2 },
      audit: { action: 'overlap.set', entityType: 'OverlapSetting', entityId },
    };
  },
  'POST /api/agreement/adjudications': async () => {
    const [cp] = await failedCheckpoints(1);
    const a = await submitted((await createUser('ANNOTATOR')).id, cp);
    await submitted((await createUser('ANNOTATOR')).id, cp);
    const entityId = async () =>
      (await prisma.adjudication.findUniqueOrThrow({ where: { checkpointResultId: cp.checkpointResultId } })).id;
    return {
      role: 'REVIEWER',
      body: { checkpointResultId: cp.checkpointResultId, chosenDiagnosisId: a.diagnosisId },
      audit: { action: 'adjudication.create', entityType: 'Adjudication', entityId },
    };
  },
  'POST /api/cards/[cardId]/rollback': async () => {
    const { card } = await createSkillCard({ content: skillContent({ title: 'Version one' }) });
    await addVersion(card.id, skillContent({ title: 'Version two' }));
    return {
      role: 'REVIEWER',
      params: { cardId: card.id },
      body: { versionNumber: 1, note: 'v2 over-claimed' },
      audit: { action: 'card.rollback', entityType: 'Card', entityId: card.id },
    };
  },
  'POST /api/cards/[cardId]/status': async () => {
    const { card } = await createSkillCard();
    // The route takes a card id or key: call it by key, the entry names the card id.
    return {
      role: 'REVIEWER',
      params: { cardId: card.key },
      body: { status: 'RETIRED', note: 'too scenario-specific' },
      audit: { action: 'card.retire', entityType: 'Card', entityId: card.id },
    };
  },
  'POST /api/proposals': async (ctx) => {
    const entityId = async () =>
      (
        await prisma.proposal.findFirstOrThrow({
          where: { source: 'REVIEWER_WRITTEN' },
          orderBy: { createdAt: 'desc' },
        })
      ).id;
    return {
      role: 'REVIEWER',
      // Letters only: a hex id in a title is refused by the privacy rule (an identifier), which this call is not about.
      body: {
        taskId: ctx.taskId,
        card: skillContent({ title: `Written by hand ${uid().replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}` }),
      },
      audit: { action: 'proposal.write', entityType: 'Proposal', entityId },
    };
  },
  'PUT /api/admin/review-settings': async () => ({
    role: 'ADMIN',
    body: { secondReviewerForReviewerWords: false },
    audit: { action: 'settings.review.update', entityType: 'Setting', entityId: 'review.policy' },
  }),
  'POST /api/proposals/[proposalId]/approve': async () => {
    const { proposal } = await pendingPatch();
    return {
      role: 'REVIEWER',
      params: { proposalId: proposal.id },
      body: { note: 'general enough' },
      audit: { action: 'proposal.approve', entityType: 'Proposal', entityId: proposal.id },
    };
  },
  'POST /api/proposals/[proposalId]/reject': async () => {
    const proposal = await prisma.proposal.create({
      data: {
        cardKind: 'SKILL',
        ability: 'mail',
        operation: 'ADD_CARD',
        proposedCard: skillContent(),
        reason: 'test',
        status: 'PENDING',
      },
    });
    return {
      role: 'REVIEWER',
      params: { proposalId: proposal.id },
      body: { reason: 'restates the task' },
      audit: { action: 'proposal.reject', entityType: 'Proposal', entityId: proposal.id },
    };
  },
  'POST /api/proposals/[proposalId]/recurate': async () => {
    // Two proposals on one base: approving the first makes the second stale, which is what re-curation is for.
    const { proposal } = await pendingPatch();
    const twin = await twinProposal(proposal);
    await approveProposal(await createActor('REVIEWER'), proposal.id, {});
    return {
      role: 'REVIEWER',
      params: { proposalId: twin.id },
      audit: { action: 'proposal.recurate', entityType: 'Proposal', entityId: twin.id },
    };
  },
  'POST /api/releases': async () => {
    const name = `audit-${uid()}`;
    const entityId = async () => (await prisma.bankRelease.findUniqueOrThrow({ where: { name } })).id;
    return {
      role: 'RESEARCHER',
      body: { name, note: 'audit scenario', overrideNote: 'scenario data, not an evaluation' },
      audit: { action: 'release.freeze', entityType: 'BankRelease', entityId },
    };
  },
  'POST /api/retrieve/labels': async () => {
    const card = await createSkillCard({ content: skillContent({ tags: ['label', 'scenario', uid()] }) });
    return {
      role: 'REVIEWER',
      body: { task: `Label scenario ${uid()}`, ability: 'mail', cardKey: card.card.key, relevant: true },
      audit: { action: 'retrieval_label.set', entityType: 'RetrievalLabel' },
    };
  },
};
