import type { CardStatus, Prisma } from '@prisma/client';
import type { FunctionCardContent, SkillCardContent } from '@/lib/cards/card-schemas';
import { functionCardKey, skillCardKey } from '@/lib/cards/card-schemas';
import { prisma } from '@/lib/db/prisma';
import { functionContent, skillContent } from './card-content';
import { uid } from './factories';

// Bank fixtures written with Prisma directly (the review flow is another module's), from card-content.ts's contents.
export { functionContent, skillContent };

/** Where a version came from: a reflection run on a task, reading trajectories and diagnoses. */
export type Provenance = { taskId?: string; trajectoryIds?: string[]; diagnosisIds?: string[] };

async function provenanceRun(p: Provenance | undefined) {
  if (!p) return null;
  return prisma.reflectionRun.create({
    data: {
      status: 'SUCCEEDED',
      provider: 'OFFLINE',
      model: 'rule-based',
      promptVersion: 'offline',
      settings: { scope: 'failed_and_passed' },
      taskId: p.taskId,
      trajectories: p.trajectoryIds?.length
        ? { create: p.trajectoryIds.map((trajectoryId) => ({ trajectoryId })) }
        : undefined,
      diagnoses: p.diagnosisIds?.length
        ? { create: p.diagnosisIds.map((diagnosisId) => ({ diagnosisId })) }
        : undefined,
    },
  });
}

/** Appends an approved version (with its proposal and optional run) and makes it current. */
export async function addVersion(cardId: string, content: object, provenance?: Provenance) {
  const card = await prisma.card.findUniqueOrThrow({
    where: { id: cardId },
    include: { versions: { orderBy: { number: 'desc' }, take: 1 } },
  });
  const run = await provenanceRun(provenance);
  const proposal = await prisma.proposal.create({
    data: {
      runId: run?.id,
      cardKind: card.kind,
      ability: card.ability,
      operation: card.versions.length ? 'PATCH_CARD' : 'ADD_CARD',
      proposedCard: content as Prisma.InputJsonValue,
      reason: 'test',
      status: 'APPROVED',
    },
  });
  const version = await prisma.cardVersion.create({
    data: {
      cardId,
      number: (card.versions[0]?.number ?? 0) + 1,
      content: content as Prisma.InputJsonValue,
      parentVersionId: card.versions[0]?.id,
      proposalId: proposal.id,
    },
  });
  await prisma.card.update({ where: { id: cardId }, data: { currentVersionId: version.id } });
  return { version, proposal, run };
}

export async function createSkillCard(
  opts: {
    ability?: string | null;
    apps?: string[];
    content?: SkillCardContent;
    status?: CardStatus;
    provenance?: Provenance;
  } = {},
) {
  const content = opts.content ?? skillContent();
  const card = await prisma.card.create({
    data: {
      key: skillCardKey(uid() + uid()),
      kind: 'SKILL',
      ability: opts.ability === undefined ? 'mail' : opts.ability,
      apps: opts.apps ?? ['mail'],
      title: content.title,
      tags: content.tags,
      status: opts.status ?? 'ACTIVE',
    },
  });
  const { version } = await addVersion(card.id, content, opts.provenance);
  return { card, version };
}

export async function createFunctionCard(
  tool: string,
  opts: { content?: FunctionCardContent; status?: CardStatus; provenance?: Provenance } = {},
) {
  const content = opts.content ?? functionContent(tool);
  const card = await prisma.card.create({
    data: {
      key: functionCardKey(tool),
      kind: 'FUNCTION',
      ability: null,
      apps: [content.app],
      title: tool,
      tags: [],
      status: opts.status ?? 'ACTIVE',
    },
  });
  const { version } = await addVersion(card.id, content, opts.provenance);
  return { card, version };
}
