import type { Prisma } from '@prisma/client';
import { requestActor } from '@/lib/auth/request-actor';
import type { Tx } from '@/lib/db/prisma';

/** The API token the request being handled came through (null for a session, the CLI, a job): every entry names it. */
export function auditTokenId(): string | null {
  return requestActor()?.token?.id ?? null;
}

/**
 * Appends an audit entry inside the caller's transaction, so it commits with the change it records.
 * An entry written while handling a request authenticated by an API token names that token.
 */
export async function recordAudit(
  tx: Tx,
  entry: { actorId: string | null; action: string; entityType: string; entityId: string; before?: unknown; after?: unknown },
) {
  await tx.auditLog.create({
    data: {
      actorId: entry.actorId,
      apiTokenId: auditTokenId(),
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: (entry.before ?? undefined) as Prisma.InputJsonValue | undefined,
      after: (entry.after ?? undefined) as Prisma.InputJsonValue | undefined,
    },
  });
}
