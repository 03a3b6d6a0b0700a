'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '@/lib/http/api-client';

export type SavedState = { rowId: string; message: string; undo?: () => void } | null;

/** The last save on a table that saves on change/blur: which row, what was saved, and a way back. */
export function useSavedState() {
  const [saved, setSaved] = useState<SavedState>(null);
  return { saved, setSaved, clear: () => setSaved(null) };
}

type RowPatch<P> = { id: string; patch: P; previous?: P; undoing?: boolean };

/**
 * Saving one field of a row on change/blur (PATCH `url(id)`), for tables
 * edited in place (users, categories). A save that names its `previous`
 * value is said in its row ("Saved: role reviewer") with an Undo, which is
 * itself a save of the previous value without another Undo. A save without
 * `previous` (a reorder) says nothing: the table shows it.
 */
export function useRowSave<P>({ url, queryKey, describe }: { url: (id: string) => string; queryKey: readonly unknown[]; describe: (patch: P, undoing: boolean) => string }) {
  const qc = useQueryClient();
  const { saved, setSaved } = useSavedState();
  const update = useMutation({
    mutationFn: ({ id, patch }: RowPatch<P>) => apiFetch(url(id), { method: 'PATCH', json: patch }),
    onSuccess: (_r, { id, patch, previous, undoing }) => {
      if (previous) setSaved({ rowId: id, message: describe(patch, Boolean(undoing)), undo: undoing ? undefined : () => update.mutate({ id, patch: previous, previous: patch, undoing: true }) });
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
