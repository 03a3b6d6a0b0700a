import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { inCardFieldOrder } from '@/lib/cards/field-order';
import { changedFields, diffFields, type FieldChange } from '@/lib/diff/field-diff';
import type { BankCard } from '@/lib/retrieval/bank-card';
import { releaseBankIndex } from '@/lib/retrieval/index-cache';
import { cardTitle, findReleaseByName } from './read-release';

type CardRef = {
  key: string;
  kind: 'SKILL' | 'FUNCTION';
  ability: string | null;
  title: string;
  version: number;
  versionId: string;
};
export type ReleaseDiff = {
  from: string;
  to: string;
  added: CardRef[];
  removed: CardRef[];
  changed: (CardRef & { fromVersion: number; changes: FieldChange[] })[];
  unchanged: number;
};

/** How a release diff names a card (also the before-baseline of bench:screens). */
export const cardRef = (c: BankCard): CardRef => ({
  key: c.key,
  kind: c.kind,
  ability: c.ability,
  title: cardTitle(c),
  version: c.versionNumber,
  versionId: c.versionId,
});
const bankOf = (c: BankCard) => ({ bank: { ability: c.ability, apps: c.apps } });
const sameBank = (a: BankCard, b: BankCard) =>
  a.ability === b.ability && a.apps.length === b.apps.length && a.apps.every((app, i) => app === b.apps[i]);

/**
 * Cards added, removed and changed from release `from` to release `to`, by
 * card key. A changed card carries the field diff (only changed fields) of its
 * two versions' content, plus bank/app moves as `bank.ability` / `bank.apps`.
 *
 * Releases never change, so both sides come from the per-release index cache
 * (the leakage audit and retrieval preview share it), and a card frozen at the
 * same version in both (versions are immutable) only has its bank compared,
 * instead of loading, parsing and diffing every card of two large releases on
 * each view.
 */
export async function diffReleases(actor: Actor | null, fromName: string, toName: string): Promise<ReleaseDiff> {
  requirePermission(actor, 'cards:read');
  const [a, b] = await Promise.all([findReleaseByName(fromName), findReleaseByName(toName)]);
  const [from, to] = await Promise.all([releaseBankIndex(a.id), releaseBankIndex(b.id)]);
  const before = new Map(from.index.cards.map((c) => [c.key, c]));
  const after = new Map(to.index.cards.map((c) => [c.key, c]));
  const diff: ReleaseDiff = { from: a.name, to: b.name, added: [], removed: [], changed: [], unchanged: 0 };
  for (const c of to.index.cards) if (!before.has(c.key)) diff.added.push(cardRef(c));
  for (const c of from.index.cards) if (!after.has(c.key)) diff.removed.push(cardRef(c));
  for (const c of to.index.cards) {
    const old = before.get(c.key);
    if (!old) continue;
    if (old.versionId === c.versionId) {
      if (sameBank(old, c)) diff.unchanged++;
      else
        diff.changed.push({
          ...cardRef(c),
          fromVersion: old.versionNumber,
          changes: changedFields(diffFields(bankOf(old), bankOf(c), { inOrder: inCardFieldOrder })),
        });
      continue;
    }
    const changes = changedFields(
      diffFields({ ...old.content, ...bankOf(old) }, { ...c.content, ...bankOf(c) }, { inOrder: inCardFieldOrder }),
    );
    diff.changed.push({ ...cardRef(c), fromVersion: old.versionNumber, changes });
  }
  return diff;
}
