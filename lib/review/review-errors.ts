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
  return new AppError('CONFLICT', `This proposal is no longer pending: ${why[status] ?? status.toLowerCase()}`, [{ path: 'status', message: status }], { reason: 'NOT_PENDING' });
}

export type StaleTarget = { cardId: string; key: string; baseVersionId: string | null; currentVersionId: string | null; baseNumber?: number | null; currentNumber?: number | null };

export function staleError(changed: StaleTarget[]): AppError {
  const names = changed.map((c) => `${c.key}${c.currentNumber ? ` (now v${c.currentNumber}${c.baseNumber ? `, proposal based on v${c.baseNumber}` : ''})` : ''}`);
  return new AppError(
    'CONFLICT',
    `Stale proposal: ${names.join(', ')} changed since it was proposed. Re-curate it against the current card or reject it.`,
    changed.map((c) => ({ path: `targets.${c.key}`, message: `current version ${c.currentVersionId ?? 'none'} ≠ base ${c.baseVersionId ?? 'none'}` })),
    { reason: 'STALE' },
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
