import { prisma } from '@/lib/db/prisma';
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
  const release = ref
    ? await prisma.bankRelease.findUnique({ where: { name: ref }, select: { id: true, name: true } })
    : await prisma.bankRelease.findFirst({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true, name: true } });
  if (!release) {
    if (ref) throw notFound(`Release "${ref}"`);
    return { ...(await currentBankIndex()), label: CURRENT_BANK, releaseId: null };
  }
  return { ...(await releaseBankIndex(release.id)), label: release.name, releaseId: release.id };
}
