'use client';

import { useState } from 'react';

export type SavedState = { rowId: string; message: string; undo?: () => void } | null;

/** The last save on a table that saves on change/blur: which row, what was saved, and a way back. */
export function useSavedState() {
  const [saved, setSaved] = useState<SavedState>(null);
  return { saved, setSaved, clear: () => setSaved(null) };
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
