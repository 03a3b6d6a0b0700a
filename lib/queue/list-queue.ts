import { Prisma } from '@prisma/client';
import { can, requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { pageOf, pageQuerySchema, toPrismaPage, type Page } from '@/lib/http/pagination';
import { activeClaimBy, assigneeCondition, CLAIM_FREE, QUEUE_FROM, queueConditions, queueFilterSchema, SQL_NOW } from './queue-filters';

export type QueueItem = {
  trajectoryId: string;
  taskId: string;
  taskExternalId: string;
  benchmark: string;
  ability: string | null;
  instruction: string;
  model: string;
  agent: string | null;
  trial: number | null;
  failedCount: number;
  pendingCount: number;
  failedCheckpoints: { key: string; name: string }[];
  claim: { userId: string; userName: string; expiresAt: string; assignedBy: string | null } | null;
  createdAt: string;
};

export type QueueCounts = { total: number; unclaimed: number; claimed: number; mine: number };

export type QueueList = Page<QueueItem> & { counts: QueueCounts };

/**
 * The queue: trajectories with at least one failed checkpoint still lacking a
 * submitted diagnosis, filtered, with counts by claim state and one page of items.
 */
export async function listQueue(actor: Actor, input: Record<string, unknown>): Promise<QueueList> {
  requirePermission(actor, 'queue:work');
  const filter = queueFilterSchema.parse(input);
  const page = pageQuerySchema.parse(input);
  const base = queueConditions(filter);
  const assignee = assigneeCondition(filter.assignee, actor.userId);
  const where = Prisma.join(assignee ? [...base, assignee] : base, ' AND ');

  const [countRow] = await prisma.$queryRaw<{ total: bigint; unclaimed: bigint; claimed: bigint; mine: bigint }[]>`
    SELECT count(*) AS total,
           count(*) FILTER (WHERE ${CLAIM_FREE}) AS unclaimed,
           count(*) FILTER (WHERE c."expiresAt" > ${SQL_NOW}) AS claimed,
           count(*) FILTER (WHERE ${activeClaimBy(actor.userId)}) AS mine
    FROM ${QUEUE_FROM} WHERE ${Prisma.join(base, ' AND ')}`;
  const { skip, take } = toPrismaPage(page);
  const idRows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT t.id FROM ${QUEUE_FROM} WHERE ${where}
    ORDER BY t."createdAt", t.id OFFSET ${skip} LIMIT ${take}`;
  const [{ n }] = await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM ${QUEUE_FROM} WHERE ${where}`;

  const rows = await prisma.trajectory.findMany({
    where: { id: { in: idRows.map((r) => r.id) } },
    include: {
      task: { select: { id: true, externalId: true, benchmark: true, ability: true, instruction: true } },
      claim: { include: { user: { select: { name: true } }, assignedBy: { select: { name: true } } } },
      checkpoints: {
        where: { passed: false, diagnoses: { none: { status: 'SUBMITTED' } } },
        include: { checkpoint: { select: { key: true, name: true, position: true } } },
      },
    },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const now = Date.now();
  const items: QueueItem[] = idRows.flatMap(({ id }) => {
    const r = byId.get(id);
    if (!r) return [];
    const claim = r.claim && r.claim.expiresAt.getTime() > now ? r.claim : null;
    return [
      {
        trajectoryId: r.id,
        taskId: r.task.id,
        taskExternalId: r.task.externalId,
        benchmark: r.task.benchmark,
        ability: r.task.ability,
        instruction: r.task.instruction,
        model: r.model,
        agent: r.agent,
        trial: r.trial,
        failedCount: r.failedCount,
        pendingCount: r.pendingCount,
        failedCheckpoints: r.checkpoints
          .sort((a, b) => a.checkpoint.position - b.checkpoint.position)
          .map((c) => ({ key: c.checkpoint.key, name: c.checkpoint.name })),
        claim: claim
          ? { userId: claim.userId, userName: claim.user.name, expiresAt: claim.expiresAt.toISOString(), assignedBy: claim.assignedBy?.name ?? null }
          : null,
        createdAt: r.createdAt.toISOString(),
      },
    ];
  });
  return {
    ...pageOf(items, Number(n), page),
    counts: { total: Number(countRow.total), unclaimed: Number(countRow.unclaimed), claimed: Number(countRow.claimed), mine: Number(countRow.mine) },
  };
}

/** Values for the filter drop-downs: what is actually in the queue right now. */
export async function queueFacets(actor: Actor) {
  requirePermission(actor, 'queue:work');
  const rows = await prisma.$queryRaw<{ benchmark: string; ability: string | null; model: string }[]>`
    SELECT DISTINCT k."benchmark", k."ability", t."model" FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId"
    WHERE t."pendingCount" > 0 ORDER BY 1, 2, 3 LIMIT 2000`;
  const uniq = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].sort();
  // Only admins assign, so only they need the list of people.
  const annotators = !can(actor.role, 'queue:assign') ? [] : await prisma.user.findMany({
    where: { active: true, role: { in: ['ANNOTATOR', 'REVIEWER', 'ADMIN'] } },
    select: { id: true, name: true, email: true },
    orderBy: { name: 'asc' },
  });
  return { benchmarks: uniq(rows.map((r) => r.benchmark)), abilities: uniq(rows.map((r) => r.ability)), models: uniq(rows.map((r) => r.model)), annotators };
}
export type QueueFacets = Awaited<ReturnType<typeof queueFacets>>;
