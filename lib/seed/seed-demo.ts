import type { Prisma, Role } from '@prisma/client';
import { listFieldsOf } from '@/lib/cards/append-version';
import { functionCardKey, skillCardKey } from '@/lib/cards/card-schemas';
import { hashPassword } from '@/lib/auth/password';
import { prisma, type Tx } from '@/lib/db/prisma';
import { recountPending } from '@/lib/diagnosis/recount-pending';
import { DEMO_FUNCTION_CARDS, DEMO_SKILL_CARDS } from './demo-bank';
import { seedDemoProposals } from './demo-proposals';
import { seedDemoRounds } from './demo-rounds';
import { DEMO_BENCHMARK, DEMO_TASKS } from './demo-world';
import { DEFAULT_FAILURE_CATEGORIES } from './failure-categories';
import { writeDemoRun } from './write-demo-run';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_USERS: { email: string; name: string; role: Role }[] = [
  { email: 'admin@demo.local', name: 'Ada Admin', role: 'ADMIN' },
  { email: 'reviewer@demo.local', name: 'Rey Reviewer', role: 'REVIEWER' },
  { email: 'researcher@demo.local', name: 'Rosa Researcher', role: 'RESEARCHER' },
  { email: 'annotator@demo.local', name: 'Ana Annotator', role: 'ANNOTATOR' },
  { email: 'annotator2@demo.local', name: 'Ari Annotator', role: 'ANNOTATOR' },
];

const SEED_MARKER = 'demo.seededAt';

/** Writes the failure taxonomy if missing (also used outside the demo: a real deployment needs it). */
export async function ensureFailureCategories(tx: Tx) {
  for (const [position, c] of DEFAULT_FAILURE_CATEGORIES.entries()) {
    await tx.failureCategory.upsert({ where: { key: c.key }, update: {}, create: { ...c, position } });
  }
}

/**
 * Seeds the demo workspace once. Everything happens in one transaction guarded
 * by a marker row, so a re-run (or a crash half-way) never duplicates data.
 * Returns false when the workspace was already seeded.
 */
export async function seedDemoWorkspace(): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return prisma.$transaction(
    async (tx) => {
      // Serialises concurrent seeders (two replicas starting at once).
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(482031)`;
      if (await tx.setting.findUnique({ where: { key: SEED_MARKER } })) return false;
      await ensureFailureCategories(tx);
      const users: Record<string, string> = {};
      for (const u of DEMO_USERS) {
        const row = await tx.user.upsert({ where: { email: u.email }, update: {}, create: { ...u, passwordHash } });
        users[u.role === 'ANNOTATOR' && users.ANNOTATOR ? 'ANNOTATOR2' : u.role] = row.id;
      }
      const trajectories = await seedTrajectories(tx);
      const diagnoses = await seedDiagnoses(tx, trajectories, users.ANNOTATOR);
      await seedBank(tx, { reviewerId: users.REVIEWER, adminId: users.ADMIN, diagnoses, trajectories });
      await seedDemoRounds(tx, users.RESEARCHER);
      await tx.setting.create({ data: { key: SEED_MARKER, value: new Date().toISOString() } });
      return true;
    },
    { timeout: 60_000 },
  );
}

type SeededTrajectory = { id: string; taskExternalId: string; taskId: string; model: string };

async function seedTrajectories(tx: Tx): Promise<SeededTrajectory[]> {
  const out: SeededTrajectory[] = [];
  for (const task of DEMO_TASKS) {
    for (const attempt of task.attempts) {
      const result = await writeDemoRun(tx, task, attempt, `${DEMO_BENCHMARK}:${task.externalId}:${attempt.model}`);
      out.push({
        id: result.trajectoryId,
        taskExternalId: task.externalId,
        taskId: result.taskId,
        model: attempt.model,
      });
    }
  }
  return out;
}

type SeededDiagnosis = { id: string; taskExternalId: string };

/** Submitted diagnoses on two failed runs, so contrast and reflection have human input to show. */
async function seedDiagnoses(
  tx: Tx,
  trajectories: SeededTrajectory[],
  annotatorId: string,
): Promise<SeededDiagnosis[]> {
  const categories = Object.fromEntries((await tx.failureCategory.findMany()).map((c) => [c.key, c.id]));
  const targets = [
    {
      task: 'mail/1',
      model: 'quill-medium',
      category: 'incomplete-enumeration',
      wrong: 'Read only the first page of search results and opened an older message.',
      should: 'Fetch every page until next_page is null, then open the newest match.',
    },
    {
      task: 'travel/2',
      model: 'orbit-large-2',
      category: 'wrong-tool-or-arguments',
      wrong: 'Called cancel without the leg argument, cancelling both legs.',
      should: 'Pass leg 2 explicitly so only the return flight is cancelled.',
    },
  ];
  const ids: SeededDiagnosis[] = [];
  for (const t of targets) {
    const traj = trajectories.find((x) => x.taskExternalId === t.task && x.model === t.model)!;
    const failed = await tx.checkpointResult.findMany({
      where: { trajectoryId: traj.id, passed: false },
      orderBy: { checkpoint: { position: 'asc' } },
    });
    for (const cp of failed) {
      const anchor = cp.eventIndex ?? 0;
      const d = await tx.diagnosis.create({
        data: {
          trajectoryId: traj.id,
          checkpointResultId: cp.id,
          authorId: annotatorId,
          categoryId: categories[t.category],
          eventStart: Math.max(0, anchor - 1),
          eventEnd: anchor,
          whatWentWrong: t.wrong,
          whatShouldHaveHappened: t.should,
          confidence: 4,
          status: 'SUBMITTED',
          submittedAt: new Date(),
        },
      });
      ids.push({ id: d.id, taskExternalId: t.task });
    }
    await recountPending(tx, traj.id);
  }
  return ids;
}

type BankContext = {
  reviewerId: string;
  adminId: string;
  diagnoses: SeededDiagnosis[];
  trajectories: SeededTrajectory[];
};

/**
 * One reflection run per demo task a card is about (and mail/1, where the
 * pending proposals come from), each over that task's trajectories and its
 * diagnoses only: a card's provenance leads to the task its text talks about,
 * not to a run that mixes every task's evidence. A task without a diagnosis gets a run that did not require one.
 */
async function seedReflectionRuns(tx: Tx, ctx: BankContext): Promise<Map<string, string>> {
  const runs = new Map<string, string>();
  for (const task of new Set(['mail/1', ...DEMO_SKILL_CARDS.map((c) => c.task)])) {
    const trajectories = ctx.trajectories.filter((t) => t.taskExternalId === task);
    if (!trajectories.length) throw new Error(`demo bank: no demo task ${task}`);
    const diagnoses = ctx.diagnoses.filter((d) => d.taskExternalId === task);
    const run = await tx.reflectionRun.create({
      data: {
        kind: 'REFLECTION',
        status: 'SUCCEEDED',
        taskId: trajectories[0].taskId,
        provider: 'OFFLINE',
        model: 'rule-based',
        promptVersion: 'offline',
        settings: { scope: 'failed_and_passed', requireDiagnoses: diagnoses.length > 0 },
        createdById: ctx.adminId,
        startedAt: new Date(),
        finishedAt: new Date(),
        trajectories: { create: trajectories.map((t) => ({ trajectoryId: t.id })) },
        diagnoses: { create: diagnoses.map((d) => ({ diagnosisId: d.id })) },
      },
    });
    runs.set(task, run.id);
  }
  return runs;
}

/** A small bank whose every version has a full provenance chain back to its task's run (and diagnoses where the task has them). */
async function seedBank(tx: Tx, ctx: BankContext) {
  const runs = await seedReflectionRuns(tx, ctx);
  const functionRun = await tx.reflectionRun.create({
    data: {
      kind: 'FUNCTION_CARDS',
      status: 'SUCCEEDED',
      provider: 'OFFLINE',
      model: 'rule-based',
      promptVersion: 'offline',
      createdById: ctx.adminId,
      startedAt: new Date(),
      finishedAt: new Date(),
    },
  });

  let deltaIndex = 0;
  for (const card of DEMO_SKILL_CARDS) {
    await createCardHistory(tx, {
      key: skillCardKey(card.hex),
      kind: 'SKILL',
      ability: card.ability,
      apps: card.apps,
      versions: card.versions,
      titleOf: (v) => (v as { title: string }).title,
      tagsOf: (v) => (v as { tags: string[] }).tags,
      runId: runs.get(card.task)!,
      nextDelta: () => deltaIndex++,
      reviewerId: ctx.reviewerId,
    });
  }
  for (const card of DEMO_FUNCTION_CARDS) {
    const tool = card.versions[0].tool;
    await createCardHistory(tx, {
      key: functionCardKey(tool),
      kind: 'FUNCTION',
      ability: null,
      apps: [card.versions[0].app],
      versions: card.versions,
      titleOf: () => tool,
      tagsOf: () => [],
      runId: functionRun.id,
      nextDelta: null,
      reviewerId: ctx.reviewerId,
    });
  }
  await seedDemoProposals(tx, runs.get('mail/1')!);
}

async function createCardHistory(
  tx: Tx,
  c: {
    key: string;
    kind: 'SKILL' | 'FUNCTION';
    ability: string | null;
    apps: string[];
    versions: object[];
    titleOf: (v: object) => string;
    tagsOf: (v: object) => string[];
    runId: string;
    nextDelta: (() => number) | null;
    reviewerId: string;
  },
) {
  const last = c.versions[c.versions.length - 1];
  const card = await tx.card.create({
    data: { key: c.key, kind: c.kind, ability: c.ability, apps: c.apps, title: c.titleOf(last), tags: c.tagsOf(last) },
  });
  let parentId: string | null = null;
  for (const [i, content] of c.versions.entries()) {
    const index = c.nextDelta?.();
    const delta =
      index === undefined
        ? null
        : await tx.skillDelta.create({
            data: { runId: c.runId, index, content: content as Prisma.InputJsonValue, valid: true },
          });
    const proposal = await tx.proposal.create({
      data: {
        runId: c.runId,
        deltaId: delta?.id,
        deltaIndex: index,
        cardKind: c.kind,
        ability: c.ability,
        operation: i === 0 ? 'ADD_CARD' : 'PATCH_CARD',
        targetCardId: i === 0 ? null : card.id,
        proposedCard: content as Prisma.InputJsonValue,
        reason:
          i === 0 ? 'No equivalent card existed' : 'Adds contrast and recovery content supported by the diagnoses',
        status: 'APPROVED',
        targets: i === 0 ? undefined : { create: { cardId: card.id, baseVersionId: parentId, primary: true } },
      },
    });
    const review = await tx.review.create({
      data: { proposalId: proposal.id, reviewerId: c.reviewerId, decision: 'APPROVED', note: 'Demo seed' },
    });
    const version: { id: string } = await tx.cardVersion.create({
      data: {
        cardId: card.id,
        number: i + 1,
        content: content as Prisma.InputJsonValue,
        parentVersionId: parentId,
        proposalId: proposal.id,
        reviewId: review.id,
        createdById: c.reviewerId,
      },
    });
    parentId = version.id;
  }
  await tx.card.update({
    where: { id: card.id },
    data: { currentVersionId: parentId, sizeBytes: listFieldsOf(c.kind, last).sizeBytes },
  });
}
