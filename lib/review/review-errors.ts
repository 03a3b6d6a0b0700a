import { AppError } from '@/lib/errors';
import type { ValidationIssue } from '@/lib/reflection/validate-card';

/**
 * The approval path's refusals. One AppError, with a machine code in
 * `reason` so clients tell "someone decided already" from "the card moved on".
 */
export function notPending(status: string): AppError {
  const why: Record<string, string> = {
    APPROVED: 'it was already approved',
    REJECTED: 'it was already rejected',
    SUPERSEDED: 'a newer reflection or re-curation replaced it',
    INVALID: 'it failed validation when it was made (reject it, or re-run reflection)',
    NOOP: 'it is a curator no-op and needs no review',
  };
  return new AppError(
    'CONFLICT',
    `This proposal is no longer pending: ${why[status] ?? status.toLowerCase()}`,
    [{ path: 'status', message: status }],
    { reason: 'NOT_PENDING' },
  );
}

export type StaleTarget = {
  cardId: string;
  key: string;
  baseVersionId: string | null;
  currentVersionId: string | null;
  baseNumber?: number | null;
  currentNumber?: number | null;
};

export function staleError(changed: StaleTarget[]): AppError {
  const names = changed.map(
    (c) =>
      `${c.key}${c.currentNumber ? ` (now v${c.currentNumber}${c.baseNumber ? `, proposal based on v${c.baseNumber}` : ''})` : ''}`,
  );
  return new AppError(
    'CONFLICT',
    `Stale proposal: ${names.join(', ')} changed since it was proposed. Re-curate it against the current card or reject it.`,
    changed.map((c) => ({
      path: `targets.${c.key}`,
      message: `current version ${c.currentVersionId ?? 'none'} ≠ base ${c.baseVersionId ?? 'none'}`,
    })),
    { reason: 'STALE' },
  );
}

/**
 * An ADD whose title an active card of the same bank has (reason DUPLICATE_TITLE, naming that card). Not
 * STALE: an ADD has no target to re-curate against, so the way on is a title of its own, or rejecting it.
 */
export function sameTitleError(
  card: { key: string; currentVersionId: string | null },
  ability: string | null,
): AppError {
  return new AppError(
    'CONFLICT',
    `${card.key} in the ${ability ?? 'global'} bank already has this title (approved since this proposal was made): edit this card to give it a title and rule of its own, or reject it as a duplicate.`,
    [{ path: 'title', message: `${card.key} (current version ${card.currentVersionId ?? 'none'}) has this title` }],
    { reason: 'DUPLICATE_TITLE' },
  );
}

export function invalidContent(issues: ValidationIssue[]): AppError {
  return new AppError(
    'UNPROCESSABLE',
    `The card fails validation: ${issues.map((i) => `${i.path}: ${i.message} (${i.rule})`).join('; ')}`,
    issues.map((i) => ({ path: i.path, message: `${i.rule}: ${i.message}` })),
    { reason: 'INVALID_CARD' },
  );
}
