import type { Prisma } from '@prisma/client';
import { requestActor } from '@/lib/auth/request-actor';
import type { Tx } from '@/lib/db/prisma';
import type { QueryClient } from '@/lib/db/query-client';
import { labelFromPayload, lookupEntityLabels } from './entity-labels';

/** The API token the request being handled came through (null for a session, the CLI, a job): every entry names it. */
export function auditTokenId(): string | null {
  return requestActor()?.token?.id ?? null;
}

/**
 * Appends an audit entry inside the caller's transaction, so it commits with the change it records.
 * An entry written while handling a request authenticated by an API token names that token. It also keeps
 * what the entity is called now (`entityLabel`, looked up in the same transaction unless the caller gives it),
 * so the log still reads "category ‘Wrong tool’" after the category is renamed.
 */
export async function recordAudit(
  tx: Tx,
  entry: {
    actorId: string | null;
    action: string;
    entityType: string;
    entityId: string;
    entityLabel?: string;
    before?: unknown;
    after?: unknown;
  },
) {
  const entityLabel =
    entry.entityLabel ??
    (await lookupEntityLabels(tx, [entry])).get(`${entry.entityType}:${entry.entityId}`) ??
    labelFromPayload(entry.before, entry.after);
  await tx.auditLog.create({
    data: {
      actorId: entry.actorId,
      apiTokenId: auditTokenId(),
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      entityLabel,
      before: (entry.before ?? undefined) as Prisma.InputJsonValue | undefined,
      after: (entry.after ?? undefined) as Prisma.InputJsonValue | undefined,
    },
  });
}

/**
 * The same entry, written on the import path's connection (lib/import/pg-store.ts) for writers whose
 * transaction is not Prisma's (the OTLP receiver builds trajectories with COPY). The caller names the
 * entity: there is no Prisma client on that connection to look its label up.
 */
export async function recordAuditOn(
  client: QueryClient,
  entry: {
    actorId: string | null;
    action: string;
    entityType: string;
    entityId: string;
    entityLabel: string;
    before?: unknown;
    after?: unknown;
  },
) {
  const json = (v: unknown) => (v == null ? null : JSON.stringify(v));
  await client.query(
    `INSERT INTO "AuditLog" ("id", "actorId", "apiTokenId", "action", "entityType", "entityId", "entityLabel", "before", "after")
     VALUES (gen_random_uuid()::text, $1, $2, $3, $4, $5, $6, $7::text::jsonb, $8::text::jsonb)`,
    [
      entry.actorId,
      auditTokenId(),
      entry.action,
      entry.entityType,
      entry.entityId,
      entry.entityLabel,
      json(entry.before),
      json(entry.after),
    ],
  );
}
