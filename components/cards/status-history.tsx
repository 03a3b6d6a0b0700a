import type { CardStatusChangeItem } from '@/lib/cards/get-card';

const verb = (c: CardStatusChangeItem) =>
  c.to === 'RETIRED' ? 'Retired' : c.to === 'ACTIVE' ? 'Reactivated' : `Set ${c.to.toLowerCase()}`;

/** Who retired or reactivated the card, when, and the note they gave (newest first): a status change makes no version. */
export function StatusHistory({ changes }: { changes: CardStatusChangeItem[] }) {
  if (!changes.length) return <p className="text-sm text-slate-600">Never retired: active since it was created.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {changes.map((c) => (
        <li key={c.id} data-testid="status-change" data-status={c.to}>
          <span className="font-medium">{verb(c)}</span> by {c.actor ?? 'a removed user'} ·{' '}
          {new Date(c.createdAt).toLocaleString()}
          <span className="whitespace-pre-wrap wrap-anywhere text-slate-700"> — {c.note}</span>
        </li>
      ))}
    </ul>
  );
}
