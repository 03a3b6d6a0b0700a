import { can, requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { currentBankIndex } from '@/lib/retrieval/index-cache';
import { PREVIEW_TASK_SELECT, type PreviewTask } from '@/lib/releases/preview-retrieval';

export type PreviewOptions = {
  releases: string[];
  banks: string[];
  tools: string[];
  task: PreviewTask | null;
  /** Whether the viewer may mark results relevant / not relevant (retrieval:label). */
  canLabel: boolean;
};

/** What the preview form offers: banks (releases), abilities and function names of the live bank, and a pre-picked task. */
export async function previewOptions(actor: Actor | null, taskId?: string): Promise<PreviewOptions> {
  const viewer = requirePermission(actor, 'retrieval:preview');
  const [{ index }, releases] = await Promise.all([
    currentBankIndex(),
    prisma.bankRelease.findMany({
      select: { name: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 200,
    }),
  ]);
  const task = taskId
    ? ((await prisma.task.findUnique({
        where: { id: taskId },
        select: PREVIEW_TASK_SELECT,
      })) ?? null)
    : null;
  return {
    releases: releases.map((r) => r.name),
    banks: index.banks,
    tools: index.cards.flatMap((c) => (c.kind === 'FUNCTION' ? [c.content.tool] : [])).sort(),
    task,
    canLabel: can(viewer.role, 'retrieval:label'),
  };
}
