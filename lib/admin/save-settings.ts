import type { Prisma } from '@prisma/client';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/permissions';
import type { Tx } from '@/lib/db/prisma';

/**
 * Stores admin settings (a JSON value per key, marked with who set it) and audits the change as one
 * entry on the first key: `action` names the change, `before` is what the caller read and `after`
 * what it asked for. The caller checks the permission and validates the values.
 */
export async function saveSettings(
  tx: Tx,
  actor: Actor,
  change: { action: string; values: (readonly [key: string, value: unknown])[]; before: unknown; after: unknown },
): Promise<void> {
  for (const [key, v] of change.values) {
    const value = v as Prisma.InputJsonValue;
    await tx.setting.upsert({
      where: { key },
      create: { key, value, updatedById: actor.userId },
      update: { value, updatedById: actor.userId },
    });
  }
  await recordAudit(tx, {
    actorId: actor.userId,
    action: change.action,
    entityType: 'Setting',
    entityId: change.values[0][0],
    before: change.before,
    after: change.after,
  });
}
