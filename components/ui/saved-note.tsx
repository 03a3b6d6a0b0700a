'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '@/lib/http/api-client';
import { Button } from './button';

export type SavedState = { rowId: string; message: string; undo?: () => void } | null;

/** The last save on a table that saves on change/blur: which row, what was saved, and a way back. */
export function useSavedState() {
  const [saved, setSaved] = useState<SavedState>(null);
  return { saved, setSaved, clear: () => setSaved(null) };
}

// `undone`: the answer to the save an undo takes back, so the undo can say what it could not restore.
type RowPatch<P> = { id: string; patch: P; previous?: P; undoing?: boolean; undone?: unknown };

/**
 * Saving one field of a row on change/blur (PATCH `url(id)`), for tables
 * edited in place (users, categories). A save that names its `previous`
 * value is said in its row ("Saved: role reviewer") with an Undo, which is
 * itself a save of the previous value without another Undo. A save without
 * `previous` (a reorder) says nothing: the table shows it. `describe` also
 * gets the server's answer (and, for an undo, the answer to the save undone),
 * for a save with effects beyond the field (a role change revokes tokens).
 */
export function useRowSave<P>({
  url,
  queryKey,
  describe,
}: {
  url: (id: string) => string;
  queryKey: readonly unknown[];
  describe: (patch: P, undoing: boolean, result: unknown, undone?: unknown) => string;
}) {
  const qc = useQueryClient();
  const { saved, setSaved } = useSavedState();
  const update = useMutation({
    mutationFn: ({ id, patch }: RowPatch<P>) => apiFetch(url(id), { method: 'PATCH', json: patch }),
    onSuccess: (result, { id, patch, previous, undoing, undone }) => {
      if (previous)
        setSaved({
          rowId: id,
          message: describe(patch, Boolean(undoing), result, undone),
          undo: undoing
            ? undefined
            : () => update.mutate({ id, patch: previous, previous: patch, undoing: true, undone: result }),
        });
      return qc.invalidateQueries({ queryKey });
    },
  });
  return { saved, update };
}

/** Shown in the saved row: "Saved · role reviewer · Undo". Polite live region, so screen readers hear it too. */
export function SavedNote({ saved, rowId, onUndo }: { saved: SavedState; rowId: string; onUndo: () => void }) {
  if (!saved || saved.rowId !== rowId) return null;
  return (
    <span role="status" data-testid="saved-note" className="inline-flex items-center gap-1.5 text-xs text-emerald-700">
      ✓ Saved: {saved.message}
      {saved.undo ? (
        <button type="button" onClick={onUndo} className="font-medium text-indigo-700 hover:underline">
          Undo
        </button>
      ) : null}
    </span>
  );
}

/**
 * A row's retire/restore button in a table saved by useRowSave: saves `active` flipped, with
 * its Undo. `labels`: what it says on an active row, then on an inactive one.
 */
export function ActiveToggle({
  row,
  update,
  labels: [retire, restore],
}: {
  row: { id: string; active: boolean };
  update: { isPending: boolean; mutate: (save: RowPatch<{ active: boolean }>) => void };
  labels: [string, string];
}) {
  return (
    <Button
      variant={row.active ? 'secondary' : 'ghost'}
      disabled={update.isPending}
      onClick={() => update.mutate({ id: row.id, patch: { active: !row.active }, previous: { active: row.active } })}
    >
      {row.active ? retire : restore}
    </Button>
  );
}
