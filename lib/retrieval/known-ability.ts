import { prisma } from '@/lib/db/prisma';
import { AppError } from '@/lib/errors';
import type { RetrievalIndex } from './retrieval-index';

const LISTED = 20;

/**
 * Refuses an ability the console has never heard of (400). An ability selects
 * the skill bank (docs/architecture.md "Retrieval and rendering"), so naming one that exists nowhere is a bad
 * request like naming an unknown release (404): answered with an empty result,
 * a misspelt "Airline" looked exactly like "no card applies". Known = a bank of
 * the answering bank revision, or the ability of an
 * imported task or of any card ever written (a new ability whose bank is still
 * empty, or whose cards were all retired, is a real "no card").
 * The happy path (the bank exists in the index) costs no query.
 */
export async function assertKnownAbility(index: RetrievalIndex, ability: string | null | undefined): Promise<void> {
  if (!ability || index.banks.includes(ability)) return;
  const known = await knownAbilities(index);
  if (known.includes(ability)) return;
  const near = known.find((k) => k.toLowerCase() === ability.toLowerCase());
  const list = known.length
    ? known
        .slice(0, LISTED)
        .map((k) => `"${k}"`)
        .join(', ') + (known.length > LISTED ? ` and ${known.length - LISTED} more` : '')
    : 'none yet';
  const message = `Unknown ability "${ability}": no skill bank or imported task has it${near ? ` (did you mean "${near}"?)` : ''}. Known abilities: ${list}. Omit the ability to search every bank.`;
  throw new AppError('VALIDATION', message, [{ path: 'ability', message }]);
}

async function knownAbilities(index: RetrievalIndex): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ ability: string }[]>`
    SELECT ability FROM "Task" WHERE ability IS NOT NULL UNION SELECT ability FROM "Card" WHERE ability IS NOT NULL`;
  return [...new Set([...index.banks, ...rows.map((r) => r.ability)])].sort();
}
