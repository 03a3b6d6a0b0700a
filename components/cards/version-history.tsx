'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { CardVersionListItem } from '@/lib/cards/get-card';

/** Versions newest first; pick one to read its provenance, or two to diff. */
export function VersionHistory({ versions, selected, onSelect, onCompare }: { versions: CardVersionListItem[]; selected: number; onSelect: (n: number) => void; onCompare: (c: { from: number; to: number }) => void }) {
  const newest = versions[0]?.number ?? 1;
  const [from, setFrom] = useState(Math.max(1, newest - 1));
  const [to, setTo] = useState(newest);
  return (
    <div className="space-y-3">
      <table className="w-full text-sm">
        <thead className="text-left text-xs uppercase text-slate-500">
          <tr>
            <th className="py-1 pr-3">Version</th>
            <th className="py-1 pr-3">When · who</th>
            <th className="py-1 pr-3">How</th>
            <th className="py-1" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {versions.map((v) => (
            <tr key={v.id} data-version={v.number} className={v.number === selected ? 'bg-indigo-50/60' : ''}>
              <td className="py-1.5 pr-3 font-medium">v{v.number}{v.parentNumber ? <span className="text-xs font-normal text-slate-500"> ← v{v.parentNumber}</span> : null}</td>
              <td className="py-1.5 pr-3 text-slate-600">{new Date(v.createdAt).toLocaleString()} · {v.createdBy ?? '—'}</td>
              <td className="py-1.5 pr-3 text-slate-600">
                {v.restoredFrom ? `rollback to v${v.restoredFrom}: ${v.note ?? ''}` : v.proposal ? `${v.proposal.operation.replace(/_/g, ' ').toLowerCase()}${v.review ? `, ${v.review.decision.replace(/_/g, ' ').toLowerCase()} by ${v.review.reviewer}` : ''}` : 'imported'}
              </td>
              <td className="py-1.5 text-right">
                <Button variant="ghost" onClick={() => onSelect(v.number)} aria-pressed={v.number === selected} data-testid={`open-version-${v.number}`}>
                  Provenance
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {versions.length > 1 ? (
        <div className="flex flex-wrap items-end gap-2 text-sm">
          <label>
            Diff from{' '}
            <select aria-label="Diff from version" value={from} onChange={(e) => setFrom(Number(e.target.value))} className="rounded-md px-2 py-1 ring-1 ring-slate-300">
              {versions.map((v) => <option key={v.number} value={v.number}>v{v.number}</option>)}
            </select>
          </label>
          <label>
            to{' '}
            <select aria-label="Diff to version" value={to} onChange={(e) => setTo(Number(e.target.value))} className="rounded-md px-2 py-1 ring-1 ring-slate-300">
              {versions.map((v) => <option key={v.number} value={v.number}>v{v.number}</option>)}
            </select>
          </label>
          <Button variant="secondary" onClick={() => onCompare({ from, to })} disabled={from === to}>Show diff</Button>
        </div>
      ) : null}
    </div>
  );
}
