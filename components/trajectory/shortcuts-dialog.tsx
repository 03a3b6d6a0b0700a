'use client';

import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

export const SHORTCUTS: [string, string][] = [
  ['j / k', 'next / previous event (selects it)'],
  ['Shift + j / k', 'extend the selection (the diagnosed range)'],
  ['click, Shift + click', 'select one event, or a range'],
  ['o', 'fold / expand the observation at the cursor'],
  ['/ or Ctrl/⌘ + F', 'find in every event of this trajectory (Esc closes it)'],
  ['n / N (Enter / Shift + Enter in the box)', 'next / previous match: scrolls to it and unfolds its observation'],
  ['[ / ]', 'previous / next failed checkpoint'],
  [', / .', 'compare the expected call with the previous / next call of that tool (selects it)'],
  ['d', 'diagnose: jump to the first empty required field'],
  ['c, then 1–9', 'pick the failure category; the cursor then moves on to the next empty field (no need for d)'],
  ['Esc (in a field)', 'leave the field: j / k work again'],
  ['Ctrl/⌘ + Enter', 'submit & next'],
  ['s', 'skip this trajectory (optional reason): back to the queue, to the end of your order'],
  ['a', 'not an agent failure — evaluator / task artefact (reason required)'],
  ['?', 'show this help'],
  ['Esc', 'close this help'],
];

/** The keyboard help dialog; other screens pass their own `shortcuts` list. */
export function ShortcutsDialog({
  open,
  onClose,
  shortcuts = SHORTCUTS,
}: {
  open: boolean;
  onClose: () => void;
  shortcuts?: [string, string][];
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-label="Keyboard shortcuts"
      className="m-auto rounded-lg p-0 shadow-xl backdrop:bg-slate-900/30"
    >
      <div className="w-[420px] p-5">
        <h2 className="mb-3 text-lg font-semibold">Keyboard shortcuts</h2>
        <table className="w-full text-sm">
          <tbody>
            {shortcuts.map(([k, what]) => (
              <tr key={k}>
                <td className="py-1 pr-4 font-mono text-xs">{k}</td>
                <td className="py-1 text-slate-700">{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-4 text-right">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </dialog>
  );
}
