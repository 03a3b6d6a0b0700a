import { Prisma } from '@prisma/client';
import { queryRows } from '@/lib/db/sql';
import { notFound } from '@/lib/errors';
import { currentBankIndex, releaseBankIndex, type CachedIndex } from './index-cache';
import { CURRENT_BANK } from './retrieve-schema';

export type ResolvedBank = CachedIndex & { label: string; releaseId: string | null };

/**
 * A bank reference → its cached index. "current" is the live bank; a name is
 * a frozen release; nothing means the newest release (the live bank when no
 * release exists yet, so a fresh install still answers).
 */
export async function resolveBank(ref: string | undefined | null): Promise<ResolvedBank> {
  if (ref === CURRENT_BANK) return { ...(await currentBankIndex()), label: CURRENT_BANK, releaseId: null };
  // Read on every request (another replica may have frozen a newer release), so through the
  // prepared-statement pool: one Prisma query costs more Node CPU than the ranking itself.
  const [release] = await queryRows<{ id: string; name: string }>(
    ref
      ? Prisma.sql`SELECT "id", "name" FROM "BankRelease" WHERE "name" = ${ref}`
      : Prisma.sql`SELECT "id", "name" FROM "BankRelease" ORDER BY "createdAt" DESC, "id" DESC LIMIT 1`,
  );
  if (!release) {
    if (ref) throw notFound(`Release "${ref}"`);
    return { ...(await currentBankIndex()), label: CURRENT_BANK, releaseId: null };
  }
  return { ...(await releaseBankIndex(release.id)), label: release.name, releaseId: release.id };
}
