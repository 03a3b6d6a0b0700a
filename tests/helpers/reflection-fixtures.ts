import type { Prisma } from '@prisma/client';
import {
  functionCardKey,
  skillCardKey,
  type FunctionCardContent,
  type SkillCardContent,
} from '@/lib/cards/card-schemas';
import { prisma } from '@/lib/db/prisma';
import { recountPending } from '@/lib/diagnosis/recount-pending';
import { DEMO_TASKS, type DemoTask } from '@/lib/seed/demo-world';
import { skillContent, type SkillOverrides } from './card-content';
import { createUser, seedDemoTask, uid } from './factories';

/**
 * Submits a diagnosis on every failed checkpoint of a trajectory (or the first one only), citing the event
 * before the checkpoint's and that one, or the `events` given.
 */
export async function submitDiagnoses(
  trajectoryId: string,
  d: {
    wrong: string;
    should: string;
    category?: string;
    onlyFirst?: boolean;
    authorId?: string;
    events?: { start: number; end: number };
  },
): Promise<string[]> {
  const authorId = d.authorId ?? (await createUser('ANNOTATOR')).id;
  const category = await prisma.failureCategory.findUnique({ where: { key: d.category ?? 'incomplete-enumeration' } });
  const failed = await prisma.checkpointResult.findMany({
    where: { trajectoryId, passed: false },
    orderBy: { checkpoint: { position: 'asc' } },
  });
  const ids: string[] = [];
  await prisma.$transaction(async (tx) => {
    for (const cp of d.onlyFirst ? failed.slice(0, 1) : failed) {
      const anchor = cp.eventIndex ?? 0;
      const row = await tx.diagnosis.create({
        data: {
          trajectoryId,
          checkpointResultId: cp.id,
          authorId,
          categoryId: category?.id,
          eventStart: d.events?.start ?? Math.max(0, anchor - 1),
          eventEnd: d.events?.end ?? anchor,
          whatWentWrong: d.wrong,
          whatShouldHaveHappened: d.should,
          status: 'SUBMITTED',
          submittedAt: new Date(),
        },
      });
      ids.push(row.id);
    }
    await recountPending(tx, trajectoryId);
  });
  return ids;
}

/** A bank card with one version (made current), as an approved proposal would leave it. */
export async function createSkillCard(
  content: SkillCardContent,
  opts: { ability: string; apps?: string[]; hex?: string },
) {
  const key = skillCardKey(opts.hex ?? uid());
  return createCard(key, 'SKILL', opts.ability, opts.apps ?? [], content.title, content.tags, content);
}

export async function createFunctionCard(content: FunctionCardContent) {
  return createCard(functionCardKey(content.tool), 'FUNCTION', null, [content.app], content.tool, [], content);
}

async function createCard(
  key: string,
  kind: 'SKILL' | 'FUNCTION',
  ability: string | null,
  apps: string[],
  title: string,
  tags: string[],
  content: object,
) {
  const card = await prisma.card.create({ data: { key, kind, ability, apps, title, tags } });
  const version = await prisma.cardVersion.create({
    data: { cardId: card.id, number: 1, content: content as Prisma.InputJsonValue },
  });
  await prisma.card.update({ where: { id: card.id }, data: { currentVersionId: version.id } });
  return { cardId: card.id, key, versionId: version.id };
}

export async function createQueuedRun(data: {
  taskId?: string | null;
  kind?: 'REFLECTION' | 'FUNCTION_CARDS';
  settings: Record<string, unknown>;
}) {
  const provider = data.settings.provider === 'openai' ? 'OPENAI' : 'OFFLINE';
  return prisma.reflectionRun.create({
    data: {
      kind: data.kind ?? 'REFLECTION',
      taskId: data.taskId ?? null,
      provider,
      settings: data.settings as Prisma.InputJsonValue,
      status: 'QUEUED',
    },
  });
}

/** A complete skill delta with optional overrides (valid against the card schema). */
export function skillDelta(over: SkillOverrides = {}): SkillCardContent {
  return skillContent({
    title: 'Read every result page before choosing',
    applies_when: 'A search returns a next page marker and the task asks for the newest matching message',
    solves: 'Acting on an older message because the newest one sits on a later page',
    functions_used: ['mail.search_messages'],
    ...over,
    skill: {
      core_rule: 'If a search result has a next page, fetch every page before choosing the newest message',
      completion_condition: ['The last search response has no next page'],
      failure_contrast: ['A failing run read only the first page and opened an older message'],
      ...over.skill,
    },
    evidence: { observed_feedback: ['The search step check failed when only one page was read'], ...over.evidence },
  });
}

/**
 * A demo task under a fresh benchmark and its own ability (= its own skill
 * bank), so banks do not leak between tests of one file.
 */
export async function seedTaskInOwnBank(task: DemoTask) {
  const ability = `${task.ability}-${uid()}`;
  return { ...(await seedDemoTask({ ...task, ability } as unknown as DemoTask)), ability };
}

/** mail/1 with the demo seed's diagnosis on the run that read only page 1. */
export async function mailTaskWithDiagnosis() {
  const seeded = await seedTaskInOwnBank(DEMO_TASKS[0]);
  await submitDiagnoses(seeded.trajectories['quill-medium'], {
    wrong: 'Read only the first page of search results and opened an older message.',
    should: 'Fetch every page until next_page is null, then open the newest match.',
  });
  return seeded;
}
