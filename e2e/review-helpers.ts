import { randomBytes } from 'node:crypto';
import type { Prisma } from '@prisma/client';
import { skillCardKey, type SkillCardContent } from '@/lib/cards/card-schemas';
import { prisma } from '@/lib/db/prisma';
import { nativeRecordSchema } from '@/lib/import/native-schema';
import { writeNativeRecord } from '@/lib/import/write-record';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { DEMO_TASKS, expandAttempt } from '@/lib/seed/demo-world';
import { submitDiagnoses } from '../tests/helpers/reflection-fixtures';

/** Each test works in its own ability bank, so tests running in parallel never touch each other's cards. */
export const ownAbility = () => `mail-${randomBytes(3).toString('hex')}`;

/** Demo task mail/1 (all three models) under our own benchmark (and optionally ability); trajectory ids by model. */
export async function importDemoMailTask(
  benchmark: string,
  ability?: string,
): Promise<{ taskId: string; ids: Record<string, string> }> {
  const task = DEMO_TASKS.find((t) => t.externalId === 'mail/1')!;
  let taskId = '';
  const ids: Record<string, string> = {};
  await prisma.$transaction(async (tx) => {
    for (const attempt of task.attempts) {
      const { events, checkpoints, passed } = expandAttempt(task, attempt);
      const res = await writeNativeRecord(
        tx,
        nativeRecordSchema.parse({
          format: 'trajectory.v1',
          task: {
            id: task.externalId,
            benchmark,
            ability: ability ?? task.ability,
            instruction: task.instruction,
            apps: task.apps,
            checkpoints: task.checkpoints.map((c) => ({ id: c.key, name: c.name, description: c.description })),
          },
          trajectory: {
            id: `${benchmark}:${attempt.model}`,
            model: attempt.model,
            agent: attempt.agent,
            outcome: { passed, score: passed ? 1 : 0 },
          },
          events,
          checkpoints,
        }),
      );
      if (res.status !== 'imported') throw new Error(`import failed: ${JSON.stringify(res)}`);
      taskId = res.taskId;
      ids[attempt.model] = res.trajectoryId;
    }
  });
  return { taskId, ids };
}

/** mail/1 in its own ability bank, with the page-1 diagnosis on the failing run. */
export async function importDiagnosedMailTask(
  ability: string,
): Promise<{ taskId: string; failedTrajectoryId: string }> {
  const { taskId, ids } = await importDemoMailTask(`e2e-${ability}`, ability);
  const failedTrajectoryId = ids['quill-medium'];
  const annotator = await prisma.user.findUniqueOrThrow({ where: { email: 'annotator@demo.local' } });
  await submitDiagnoses(failedTrajectoryId, {
    authorId: annotator.id,
    wrong: 'Read only the first page of search results and opened an older message.',
    should: 'Fetch every page until next_page is null, then open the newest match.',
  });
  return { taskId, failedTrajectoryId };
}

/** A bank card at version 1 (as an approved ADD would leave it). */
export async function createCard(ability: string, content: SkillCardContent = DEMO_SKILL_CARDS[0].versions[0]) {
  const key = skillCardKey(randomBytes(4).toString('hex'));
  const card = await prisma.card.create({
    data: { key, kind: 'SKILL', ability, apps: ['mail'], title: content.title, tags: content.tags },
  });
  const v = await prisma.cardVersion.create({
    data: { cardId: card.id, number: 1, content: content as Prisma.InputJsonValue },
  });
  await prisma.card.update({ where: { id: card.id }, data: { currentVersionId: v.id } });
  return { id: card.id, key, versionId: v.id };
}

/** A hand-made pending proposal (no run): what a curator could have proposed against these cards' current versions. */
export async function createProposal(p: {
  ability: string;
  operation: 'PATCH_CARD' | 'MERGE_CARD';
  card: unknown;
  reason: string;
  targets: { id: string; versionId: string; primary: boolean }[];
}) {
  return prisma.proposal.create({
    data: {
      cardKind: 'SKILL',
      ability: p.ability,
      operation: p.operation,
      targetCardId: p.targets.find((t) => t.primary)?.id,
      proposedCard: p.card as Prisma.InputJsonValue,
      reason: p.reason,
      status: 'PENDING',
      targets: { create: p.targets.map((t) => ({ cardId: t.id, baseVersionId: t.versionId, primary: t.primary })) },
    },
  });
}

/** The demo pagination rule with one more recovery step: a valid PATCH of a card holding DEMO_SKILL_CARDS[0] v1. */
export function patchedPaginate(extra: string): SkillCardContent {
  const v1 = DEMO_SKILL_CARDS[0].versions[0];
  return { ...v1, skill: { ...v1.skill, recovery: [...v1.skill.recovery, extra] } };
}

/** A pending, valid PATCH of `card` (holding DEMO_SKILL_CARDS[0] v1) in `ability`: one more recovery step, `extra`. */
export function proposePatch(
  ability: string,
  card: { id: string; versionId: string },
  { reason = 'adds a recovery step', extra = 'If a page fails to load, request it again before moving on' } = {},
) {
  return createProposal({
    ability,
    operation: 'PATCH_CARD',
    card: patchedPaginate(extra),
    reason,
    targets: [{ ...card, primary: true }],
  });
}

/** A fresh ability with one card at v1 and a pending, valid PATCH of it (proposePatch). */
export async function createPatchProposal(patch: { reason?: string; extra?: string } = {}) {
  const ability = ownAbility();
  const card = await createCard(ability);
  const proposal = await proposePatch(ability, card, patch);
  return { ability, card, proposal };
}
