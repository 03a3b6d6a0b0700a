import { FieldDiffView } from '@/components/diff/field-diff-view';
import { Panel } from '@/components/ui/panel';
import { inCardFieldOrder } from '@/lib/cards/field-order';
import { diffFields } from '@/lib/diff/field-diff';
import type { ProposalDetail } from '@/lib/review/get-proposal';

/**
 * A first approval waiting for a second reviewer (the admin's review policy):
 * who gave it, whether the viewer may be the second, and the card it approved
 * where that differs from the proposal (the second approval applies exactly it).
 */
export function AwaitingSecond({ p }: { p: ProposalDetail }) {
  const w = p.awaitingSecond;
  if (!w) return null;
  const edits = diffFields(p.proposedCard, w.card, { inOrder: inCardFieldOrder }).filter((c) => c.changed);
  return (
    <>
      <div
        role="status"
        className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-300"
        data-testid="awaiting-second"
      >
        Approved by <span className="font-medium">{w.reviewer}</span> · {new Date(w.at).toLocaleString()}, awaiting a
        second reviewer. Nothing has entered the bank yet.
        {w.notYours ? <span className="block font-medium">{w.notYours}.</span> : null}
      </div>
      {edits.length ? (
        <Panel title={`${w.reviewer}'s edits (what a second approval applies)`} testId="first-approver-edits">
          <FieldDiffView changes={edits} onlyChanged emptyText="No edits." />
        </Panel>
      ) : null}
    </>
  );
}
