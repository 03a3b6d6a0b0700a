'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FieldDiffView } from '@/components/diff/field-diff-view';
import { ErrorMessage } from '@/components/ui/error-message';
import { Options, pairs, Select } from '@/components/ui/field';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { apiFetch } from '@/lib/http/api-client';
import type { ReleaseDiff } from '@/lib/releases/diff-releases';

/**
 * Diff this release against another one: cards added, removed and changed with the field diff.
 * `others`: the other releases, newest first; `compareWith`: the one picked at first (the release
 * before this one: the newest other release would show an older release's changes backwards).
 */
export function ReleaseDiffPanel({
  name,
  others,
  compareWith,
}: {
  name: string;
  others: string[];
  compareWith?: string;
}) {
  const [other, setOther] = useState(compareWith ?? others[0] ?? '');
  const diff = useQuery({
    queryKey: ['releases', 'diff', other, name],
    queryFn: () => apiFetch<ReleaseDiff>(`/api/releases/${encodeURIComponent(other)}/diff/${encodeURIComponent(name)}`),
    enabled: !!other,
  });
  if (!others.length)
    return <p className="text-sm text-slate-600">This is the only release; freeze another one to compare.</p>;
  const d = diff.data;
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Changes since
        <Select
          value={other}
          onChange={(e) => setOther(e.target.value)}
          className="!mt-0 !w-auto"
          aria-label="Compare with release"
        >
          <Options options={pairs(others)} />
        </Select>
      </label>
      <ErrorMessage error={diff.error} />
      {diff.isPending ? <p className="text-sm text-slate-600">Comparing…</p> : null}
      {d ? <ReleaseDiffList diff={d} /> : null}
    </div>
  );
}

/** The changes of one release diff; titles and keys come from the model or an import: untrusted text. */
export function ReleaseDiffList({ diff: d }: { diff: ReleaseDiff }) {
  return (
    <div className="space-y-3 text-sm" data-testid="release-diff">
      <p className="text-slate-600">
        {d.added.length} added · {d.removed.length} removed · {d.changed.length} changed · {d.unchanged} unchanged
      </p>
      <CardRefList cards={d.added} mark="+" className="text-emerald-800" />
      <CardRefList cards={d.removed} mark="−" className="text-rose-800" />
      {d.changed.map((c) => (
        <div key={c.key} className="space-y-1">
          <p className="font-medium text-slate-800">
            ~ <CardRefLabel title={c.title} cardKey={c.key} version={`v${c.fromVersion} → v${c.version}`} />
          </p>
          <FieldDiffView changes={c.changes} onlyChanged />
        </div>
      ))}
    </div>
  );
}

/** The cards a release added or removed, one line each, marked `+` or `−`; none: nothing. */
function CardRefList({ cards, mark, className }: { cards: ReleaseDiff['added']; mark: string; className: string }) {
  if (!cards.length) return null;
  return (
    <ul className="space-y-0.5">
      {cards.map((c) => (
        <li key={c.key} className={className}>
          {mark} <CardRefLabel title={c.title} cardKey={c.key} version={`v${c.version}`} />
        </li>
      ))}
    </ul>
  );
}

/** A card's title, then its key and version in small type. */
function CardRefLabel({ title, cardKey, version }: { title: string; cardKey: string; version: string }) {
  return (
    <>
      <UntrustedText text={title} />{' '}
      <span className="font-mono text-xs text-slate-600">
        <UntrustedText text={cardKey} /> {version}
      </span>
    </>
  );
}
