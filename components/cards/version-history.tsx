'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { actionsColumn, DataTable, type ColumnDef } from '@/components/ui/data-table';
import type { CardVersionListItem } from '@/lib/cards/get-card';
import { VersionSelect } from './version-select';

/** How a version came to be: a rollback, an approved proposal (and by whom), or the import. */
function describeVersion(v: CardVersionListItem): string {
  if (v.restoredFrom) return `rollback to v${v.restoredFrom}: ${v.note ?? ''}`;
  if (!v.proposal) return 'imported';
  const review = v.review ? `, ${v.review.decision.replace(/_/g, ' ').toLowerCase()} by ${v.review.reviewer}` : '';
  return `${v.proposal.operation.replace(/_/g, ' ').toLowerCase()}${review}`;
}

/** Versions newest first; pick one to read its provenance, or two to diff. */
export function VersionHistory({
  versions,
  selected,
  onSelect,
  onCompare,
}: {
  versions: CardVersionListItem[];
  selected: number;
  onSelect: (n: number) => void;
  onCompare: (c: { from: number; to: number }) => void;
}) {
  const newest = versions[0]?.number ?? 1;
  const [from, setFrom] = useState(Math.max(1, newest - 1));
  const [to, setTo] = useState(newest);
  const columns: ColumnDef<CardVersionListItem>[] = [
    {
      header: 'Version',
      className: 'font-medium',
      cell: (v) => (
        <>
          v{v.number}
          {v.parentNumber ? <span className="text-xs font-normal text-slate-600"> ← v{v.parentNumber}</span> : null}
        </>
      ),
    },
    {
      header: 'When · who',
      className: 'text-slate-600',
      cell: (v) => `${new Date(v.createdAt).toLocaleString()} · ${v.createdBy ?? '—'}`,
    },
    { header: 'How', className: 'text-slate-600', cell: describeVersion },
    actionsColumn((v) => (
      <Button
        variant="ghost"
        onClick={() => onSelect(v.number)}
        aria-pressed={v.number === selected}
        data-testid={`open-version-${v.number}`}
      >
        Provenance
      </Button>
    )),
  ];
  // What the "from" and "to" menus share.
  const menu = { versions, className: 'rounded-md px-2 py-1 ring-1 ring-slate-300' };
  return (
    <div className="space-y-3">
      <DataTable
        label="Versions"
        columns={columns}
        rows={versions}
        rowProps={(v) => ({
          'data-version': v.number,
          className: v.number === selected ? 'bg-indigo-50/60' : undefined,
        })}
        look="bare"
        density="compact"
      />
      {versions.length > 1 ? (
        <div className="flex flex-wrap items-end gap-2 text-sm">
          <label>
            Diff from <VersionSelect label="Diff from version" value={from} onChange={setFrom} {...menu} />
          </label>
          <label>
            to <VersionSelect label="Diff to version" value={to} onChange={setTo} {...menu} />
          </label>
          <Button variant="secondary" onClick={() => onCompare({ from, to })} disabled={from === to}>
            Show diff
          </Button>
        </div>
      ) : null}
    </div>
  );
}
