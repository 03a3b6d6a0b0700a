import { Prisma } from '@prisma/client';
import { auditTokenId } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { queryRows } from '@/lib/db/sql';
import { env } from '@/lib/env';
import { keysetPage } from '@/lib/http/keyset';
import { queueWhere } from './queue-counts';
import { activeClaimBy, CLAIM_FREE, QUEUE_FROM, parseQueueFilter, queueOrderColumn, SQL_NOW } from './queue-filters';

export function claimExpiry(): Prisma.Sql {
  return Prisma.sql`(${SQL_NOW} + make_interval(mins => ${env().QUEUE_CLAIM_IDLE_MINUTES}::int))`;
}

// A candidate can lose the race between its snapshot and the insert (another
// annotator committed a claim on it in between), or every free row can be
// briefly locked by other short transactions (a submit updating pendingCount);
// the statement then claims nothing and we try again after a short pause.
const MAX_ATTEMPTS = 8;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Items the caller skipped go to the end of their own order only. */
function notSkippedBy(userId: string): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM "QueueSkip" s WHERE s."trajectoryId" = t.id AND s."userId" = ${userId})`;
}

/**
 * "Next": returns the caller's own live claim if they hold one that matches the
 * filters, otherwise claims the oldest free item. Race-free: the candidate row
 * is locked with FOR UPDATE SKIP LOCKED (concurrent callers skip it) and the
 * claim is written with a conditional upsert on the unique trajectory id, in the
 * same statement — two callers can never both hold the same item.
 */
export async function claimNext(
  actor: Actor,
  input: Record<string, unknown>,
): Promise<{ trajectoryId: string } | null> {
  requirePermission(actor, 'queue:work');
  const filter = await parseQueueFilter(input, { strict: true });
  // Overlap k > 1: an item stays queued for others after you submitted, but not for you.
  const base = queueWhere(filter, actor.userId);
  const where = Prisma.sql`${base} AND (${CLAIM_FREE} OR ${activeClaimBy(actor.userId)})`;
  // The list's order (oldest first; under a model filter by model first, so its index serves it).
  const order = keysetPage('t', 'asc', { after: undefined, before: undefined }, queueOrderColumn(filter)).orderBy;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    // Own live claim first, else the oldest free item the caller has not skipped, else the one they skipped
    // longest ago: index scans that stop at their first row, instead of sorting the whole queue by "is it mine"
    // (50,000 rows at scale). Each runs only when the ones before it found nothing. Skips are per annotator
    // (skip-item.ts), so another annotator's order is the list's own.
    // One statement that commits on its own, so it runs prepared on the read pool (planned once per connection,
    // where Prisma plans each call anew): see queryRows in lib/db/sql.ts.
    const rows = await queryRows<{ trajectoryId: string }>(Prisma.sql`
      WITH mine AS (
        SELECT t.id FROM ${QUEUE_FROM} WHERE ${base} AND ${activeClaimBy(actor.userId)}
        ORDER BY ${order} LIMIT 1 FOR UPDATE OF t SKIP LOCKED
      ), fresh AS (
        SELECT t.id FROM ${QUEUE_FROM} WHERE NOT EXISTS (SELECT 1 FROM mine) AND ${base} AND ${CLAIM_FREE} AND ${notSkippedBy(actor.userId)}
        ORDER BY ${order} LIMIT 1 FOR UPDATE OF t SKIP LOCKED
      ), skipped AS (
        SELECT t.id FROM ${QUEUE_FROM} JOIN "QueueSkip" s ON s."trajectoryId" = t.id AND s."userId" = ${actor.userId}
        WHERE NOT EXISTS (SELECT 1 FROM mine) AND NOT EXISTS (SELECT 1 FROM fresh) AND ${base} AND ${CLAIM_FREE}
        ORDER BY s."skippedAt", s.id LIMIT 1 FOR UPDATE OF t SKIP LOCKED
      ), candidate AS (SELECT id FROM mine UNION ALL SELECT id FROM fresh UNION ALL SELECT id FROM skipped)
      , claimed AS (
      INSERT INTO "QueueClaim" ("id", "trajectoryId", "userId", "claimedAt", "lastActiveAt", "expiresAt", "createdAt", "updatedAt")
      SELECT gen_random_uuid()::text, candidate.id, ${actor.userId}, ${SQL_NOW}, ${SQL_NOW}, ${claimExpiry()}, ${SQL_NOW}, ${SQL_NOW}
      FROM candidate
      ON CONFLICT ("trajectoryId") DO UPDATE SET
        "userId" = EXCLUDED."userId",
        "assignedById" = CASE WHEN "QueueClaim"."userId" = EXCLUDED."userId" THEN "QueueClaim"."assignedById" ELSE NULL END,
        "claimedAt" = CASE WHEN "QueueClaim"."userId" = EXCLUDED."userId" THEN "QueueClaim"."claimedAt" ELSE EXCLUDED."claimedAt" END,
        "lastActiveAt" = EXCLUDED."lastActiveAt",
        "expiresAt" = EXCLUDED."expiresAt",
        "updatedAt" = EXCLUDED."updatedAt"
      WHERE "QueueClaim"."expiresAt" <= ${SQL_NOW} OR "QueueClaim"."userId" = EXCLUDED."userId"
      RETURNING "trajectoryId"
      ), audit AS (
        -- The audit entry is written by the same statement, so it commits with the claim
        -- without an interactive transaction holding a pooled connection under contention.
        INSERT INTO "AuditLog" ("id", "actorId", "apiTokenId", "action", "entityType", "entityId", "createdAt")
        SELECT gen_random_uuid()::text, ${actor.userId}, ${auditTokenId()}, 'queue.claim', 'Trajectory', "trajectoryId", ${SQL_NOW} FROM claimed
      )
      SELECT "trajectoryId" FROM claimed`);
    if (rows.length) return { trajectoryId: rows[0].trajectoryId };
    // Nothing claimed: either the queue is empty for these filters, or we lost a race; check which.
    const [{ free }] = await queryRows<{ free: boolean }>(
      Prisma.sql`SELECT EXISTS (SELECT 1 FROM ${QUEUE_FROM} WHERE ${where}) AS free`,
    );
    if (!free) return null;
    await pause(5 * (attempt + 1));
  }
  return null;
}

/** Keeps the caller's claim alive while they work on it (viewing, autosaving). */
export async function touchClaim(actor: Actor, trajectoryId: string): Promise<boolean> {
  const n = await prisma.$executeRaw`
    UPDATE "QueueClaim" SET "lastActiveAt" = ${SQL_NOW}, "expiresAt" = ${claimExpiry()}, "updatedAt" = ${SQL_NOW}
    WHERE "trajectoryId" = ${trajectoryId} AND "userId" = ${actor.userId} AND "expiresAt" > ${SQL_NOW}`;
  return n > 0;
}
