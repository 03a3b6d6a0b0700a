import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { changedFields, diffFields, type FieldChange } from '@/lib/diff/field-diff';
import type { BankCard } from '@/lib/retrieval/bank-card';
import { loadReleaseBankCards } from '@/lib/retrieval/load-bank';
import { cardTitle, findReleaseByName } from './read-release';

type CardRef = { key: string; kind: 'SKILL' | 'FUNCTION'; ability: string | null; title: string; version: number; versionId: string };
export type ReleaseDiff = {
  from: string;
  to: string;
  added: CardRef[];
  removed: CardRef[];
  changed: (CardRef & { fromVersion: number; changes: FieldChange[] })[];
  unchanged: number;
};

const ref = (c: BankCard): CardRef => ({ key: c.key, kind: c.kind, ability: c.ability, title: cardTitle(c), version: c.versionNumber, versionId: c.versionId });

/**
 * Cards added, removed and changed from release `from` to release `to`, by
 * card key. A changed card carries the field diff (only changed fields) of its
 * two versions' content, plus bank/app moves as `bank.ability` / `bank.apps`.
 */
export async function diffReleases(actor: Actor | null, fromName: string, toName: string): Promise<ReleaseDiff> {
  requirePermission(actor, 'cards:read');
  const [a, b] = await Promise.all([findReleaseByName(fromName), findReleaseByName(toName)]);
  const [from, to] = await Promise.all([loadReleaseBankCards(a.id), loadReleaseBankCards(b.id)]);
  const before = new Map(from.cards.map((c) => [c.key, c]));
  const after = new Map(to.cards.map((c) => [c.key, c]));
  const diff: ReleaseDiff = { from: a.name, to: b.name, added: [], removed: [], changed: [], unchanged: 0 };
  for (const c of to.cards) if (!before.has(c.key)) diff.added.push(ref(c));
  for (const c of from.cards) if (!after.has(c.key)) diff.removed.push(ref(c));
  for (const c of to.cards) {
    const old = before.get(c.key);
    if (!old) continue;
    const changes = changedFields(diffFields({ ...old.content, bank: { ability: old.ability, apps: old.apps } }, { ...c.content, bank: { ability: c.ability, apps: c.apps } }));
    if (old.versionId === c.versionId && !changes.length) diff.unchanged++;
    else diff.changed.push({ ...ref(c), fromVersion: old.versionNumber, changes });
  }
  return diff;
}
