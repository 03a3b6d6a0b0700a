import { prisma } from '@/lib/db/prisma';
import { loadFocus, readTemplate, sha256 } from '@/lib/llm/prompts';
import { canonicalJson } from '@/lib/text/canonical-json';
import { OFFLINE_PIPELINE_VERSION } from './offline-provider';
import { reflectionRunSettingsSchema } from './run-settings';

/**
 * Hash of everything a reflection run of this task would read: the task, the
 * trajectories in scope, the submitted diagnoses (and their last edit), the
 * current versions of the ability's skill cards, the prompts and the
 * provider/models. Equal hashes ⇒ a re-run cannot learn anything new, and its
 * proposals replace (never duplicate) the earlier pending ones.
 */
export async function computeInputHash(taskId: string, settings: unknown): Promise<string> {
  const s = reflectionRunSettingsSchema.parse(settings ?? {});
  const task = await prisma.task.findUnique({ where: { id: taskId }, select: { contentHash: true, ability: true } });
  const all = await prisma.trajectory.findMany({
    where: { taskId },
    select: {
      id: true,
      passed: true,
      contentHash: true,
      diagnoses: {
        where: { status: 'SUBMITTED', outcome: 'AGENT_FAILURE' },
        select: { id: true, updatedAt: true },
        orderBy: { id: 'asc' },
      },
    },
    orderBy: { id: 'asc' },
  });
  // Same selection as the packet: runs in scope, diagnoses from every run.
  const trajectories = all.filter((t) => s.scope !== 'passed_only' || t.passed);
  const diagnoses = all.flatMap((t) => t.diagnoses.map((d) => [d.id, d.updatedAt.toISOString()]));
  // A reviewer's adjudication changes what reflection reads.
  const adjudications = await prisma.adjudication.findMany({
    where: { OR: [{ checkpointResult: { trajectory: { taskId } } }, { runTrajectory: { taskId } }] },
    select: { id: true, updatedAt: true },
    orderBy: { id: 'asc' },
  });
  const bank = await prisma.card.findMany({
    where: { kind: 'SKILL', status: 'ACTIVE', ...(task?.ability ? { ability: task.ability } : {}) },
    select: { id: true, currentVersionId: true },
    orderBy: { id: 'asc' },
  });
  const prompts =
    s.provider === 'offline'
      ? OFFLINE_PIPELINE_VERSION
      : [readTemplate('reflector.md').hash, readTemplate('curator.md').hash, loadFocus(task?.ability).hash].join(':');
  return sha256(
    canonicalJson({
      task: task?.contentHash ?? taskId,
      trajectories: trajectories.map((t) => [t.id, t.contentHash]),
      diagnoses,
      ...(adjudications.length ? { adjudications: adjudications.map((a) => [a.id, a.updatedAt.toISOString()]) } : {}),
      bank: bank.map((c) => [c.id, c.currentVersionId]),
      settings: {
        scope: s.scope,
        requireDiagnoses: s.requireDiagnoses,
        provider: s.provider,
        reflector: s.reflectorModel ?? null,
        curator: s.curatorModel ?? null,
      },
      prompts,
    }),
  );
}
