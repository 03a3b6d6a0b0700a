import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { AppError } from '@/lib/errors';
import { loadCurrentBankCards } from '@/lib/retrieval/load-bank';
import { RetrievalIndex } from '@/lib/retrieval/retrieval-index';
import { CURRENT_BANK } from '@/lib/retrieval/retrieve-schema';
import { detectLeaks, heldOutTasks } from './detect-leaks';
import { buildReleaseRecipe } from './release-recipe';

export const releaseNameSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
    'a release name is 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit',
  )
  .refine(
    (n) => n.toLowerCase() !== CURRENT_BANK,
    `"${CURRENT_BANK}" names the live bank and cannot be a release name`,
  );

export const freezeReleaseSchema = z
  .object({
    name: releaseNameSchema,
    note: z.string().trim().min(1, 'say what this release is for').max(2000),
    overrideNote: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .optional()
      .describe('Required when held-out tasks retrieve cards built from themselves: why the release is frozen anyway.'),
  })
  .strict();

export type FrozenRelease = { id: string; name: string; cards: number; leaks: number };

/**
 * Freezes the current version of every ACTIVE card under a name. Reads the
 * bank, runs the leakage audit against exactly that snapshot, and writes the
 * release in one REPEATABLE READ transaction, serialised with other freezes.
 * Held-out leaks refuse the freeze unless an override note acknowledges them.
 */
export async function freezeRelease(actor: Actor | null, input: unknown): Promise<FrozenRelease> {
  const a = requirePermission(actor, 'release:freeze');
  const req = freezeReleaseSchema.parse(input);
  try {
    return await prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(482032)`;
        if (await tx.bankRelease.findUnique({ where: { name: req.name }, select: { id: true } })) {
          throw new AppError(
            'CONFLICT',
            `A release named "${req.name}" already exists; releases are frozen, pick another name`,
            [{ path: 'name', message: 'already exists' }],
          );
        }
        const { cards, skipped } = await loadCurrentBankCards(tx);
        if (!cards.length)
          throw new AppError('VALIDATION', 'The bank has no active cards to freeze', [
            { path: 'name', message: 'empty bank' },
          ]);
        const leaks = await detectLeaks(new RetrievalIndex(cards), await heldOutTasks(tx), tx);
        if (leaks.length && !req.overrideNote) {
          throw new AppError(
            'CONFLICT',
            `${leaks.length} held-out leak${leaks.length === 1 ? '' : 's'}: held-out tasks retrieve cards built from themselves (first: ${leaks[0].benchmark} ${leaks[0].taskExternalId} → ${leaks[0].cardKey}). Review them on the Leakage page, or freeze with an override note.`,
            leaks.map((l) => ({
              path: 'overrideNote',
              message: `${l.benchmark} ${l.taskExternalId} → ${l.cardKey} v${l.version}`,
            })),
          );
        }
        const recipe = await buildReleaseRecipe(
          tx,
          cards.map((c) => c.versionId),
          skipped,
        );
        const release = await tx.bankRelease.create({
          data: {
            name: req.name,
            note: req.note,
            recipe: recipe as Prisma.InputJsonValue,
            leaks: leaks as unknown as Prisma.InputJsonValue,
            leakOverrideNote: leaks.length ? req.overrideNote : null,
            createdById: a.userId,
          },
        });
        await tx.bankReleaseCard.createMany({
          data: cards.map((c) => ({
            releaseId: release.id,
            cardVersionId: c.versionId,
            ability: c.ability,
            apps: c.apps,
          })),
        });
        await recordAudit(tx, {
          actorId: a.userId,
          action: 'release.freeze',
          entityType: 'BankRelease',
          entityId: release.id,
          after: {
            name: release.name,
            note: release.note,
            cards: cards.length,
            leaks: leaks.length,
            overrideNote: release.leakOverrideNote,
          },
        });
        return { id: release.id, name: release.name, cards: cards.length, leaks: leaks.length };
      },
      { isolationLevel: 'RepeatableRead', timeout: 60_000 },
    );
  } catch (err) {
    // Two freezes of one name racing past the check: the unique index decides.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError(
        'CONFLICT',
        `A release named "${req.name}" already exists; releases are frozen, pick another name`,
        [{ path: 'name', message: 'already exists' }],
      );
    }
    throw err;
  }
}
