'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { ErrorMessage } from '@/components/ui/error-message';
import type { CardDetail } from '@/lib/cards/get-card';
import { VersionSelect } from './version-select';

type Action =
  | { kind: 'rollback'; versionNumber: number; note: string }
  | { kind: 'status'; status: 'ACTIVE' | 'RETIRED'; note: string };

/** Reviewer actions on a card: restore an older version (as a new one) or retire / reactivate; each needs a note. */
export function CardActions({
  card,
  busy,
  error,
  onAct,
}: {
  card: CardDetail;
  busy: boolean;
  error: unknown;
  onAct: (a: Action) => void;
}) {
  const older = card.versions.filter((v) => v.id !== card.current?.id);
  const [versionNumber, setVersionNumber] = useState(older[0]?.number ?? 0);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && !note.trim();
  function go(a: Action) {
    setTried(true);
    if (!note.trim()) return;
    onAct(a);
    setNote('');
    setTried(false);
  }
  return (
    <section className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="card-actions">
      <h2 className="text-base font-semibold">Reviewer actions</h2>
      <label className="block text-sm font-medium text-slate-700" htmlFor="card-action-note">
        Note (required; kept in the history and the audit log)
      </label>
      <TextArea
        id="card-action-note"
        rows={2}
        value={note}
        aria-invalid={missing}
        onChange={(e) => setNote(e.target.value)}
      />
      {missing ? (
        <p role="alert" className="text-sm text-rose-700">
          Write a note first.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {older.length && card.status !== 'MERGED' ? (
          <>
            <VersionSelect
              label="Version to restore"
              versions={older}
              value={versionNumber}
              onChange={setVersionNumber}
              className="rounded-md px-2 py-1.5 text-sm ring-1 ring-slate-300"
            />
            <Button variant="secondary" disabled={busy} onClick={() => go({ kind: 'rollback', versionNumber, note })}>
              Restore as a new version
            </Button>
          </>
        ) : null}
        {card.status === 'ACTIVE' ? (
          <Button variant="danger" disabled={busy} onClick={() => go({ kind: 'status', status: 'RETIRED', note })}>
            Retire card
          </Button>
        ) : null}
        {card.status === 'RETIRED' ? (
          <Button variant="secondary" disabled={busy} onClick={() => go({ kind: 'status', status: 'ACTIVE', note })}>
            Reactivate card
          </Button>
        ) : null}
      </div>
      <ErrorMessage error={error} />
    </section>
  );
}
