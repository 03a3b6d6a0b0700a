import type { Prisma } from '@prisma/client';
import type { Tx } from '@/lib/db/prisma';

/** Appends an audit entry inside the caller's transaction, so it commits with the change it records. */
export async function recordAudit(
  tx: Tx,
  entry: { actorId: string | null; action: string; entityType: string; entityId: string; before?: unknown; after?: unknown },
) {
  await tx.auditLog.create({
    data: {
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: (entry.before ?? undefined) as Prisma.InputJsonValue | undefined,
      after: (entry.after ?? undefined) as Prisma.InputJsonValue | undefined,
    },
  });
}
