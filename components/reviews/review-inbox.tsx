'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import { useLiveChannel } from '@/components/live/use-live-channel';
import { ShortcutsDialog } from '@/components/trajectory/shortcuts-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, Select, TextInput } from '@/components/ui/field';
import { Pager } from '@/components/ui/pager';
import { useListKeys } from '@/components/ui/use-list-keys';
import { apiFetch } from '@/lib/http/api-client';
import type { ProposalListItem, ProposalListPage } from '@/lib/review/list-proposals';
import { OPERATION_LABELS, OperationBadge, ProposalFlags } from './proposal-badges';

export const INBOX_KEY = ['reviews', 'inbox'];
/** Polling interval only while the live stream is down (refused, dropped, reconnecting). */
const FALLBACK_POLL_MS = 15_000;

export type InboxQuery = Record<string, string>;

const INBOX_KEYS: [string, string][] = [
  ['j / k', 'next / previous proposal'],
  ['Enter', 'open the selected proposal'],
  ['?', 'show this help'],
  ['Esc', 'close this help'],
];

function toSearch(q: InboxQuery): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v && !(k === 'page' && v === '1')) qs.set(k, v);
  return qs.toString();
}

/** Previous/Next step with the page's keyset cursor (no OFFSET); page 1 needs none. */
function toPage(page: number, data: ProposalListPage): InboxQuery {
  if (page <= 1) return { page: '1' };
  return page > data.page ? { page: String(page), after: data.cursors.after ?? '' } : { page: String(page), before: data.cursors.before ?? '' };
}

/** The review inbox: newest first, filters in the URL, facet counts, paging, j/k/Enter. */
export function ReviewInbox({ initial, initialQuery }: { initial: ProposalListPage; initialQuery: InboxQuery }) {
  const router = useRouter();
  const [query, setQuery] = useState<InboxQuery>(initialQuery);
  const [help, setHelp] = useState(false);
  // Pushed from PostgreSQL (the Proposal trigger → NOTIFY → /api/live), on any replica; polls only while the stream is down.
  const { live } = useLiveChannel(['proposals'], [INBOX_KEY]);
  const list = useQuery({
    queryKey: [...INBOX_KEY, query],
    queryFn: () => apiFetch<ProposalListPage>(`/api/proposals?${toSearch(query)}`),
    initialData: toSearch(query) === toSearch(initialQuery) ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : FALLBACK_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const data = list.data;
  const items = useMemo(() => data?.items ?? [], [data]);
  const open = useCallback((i: number) => items[i] && router.push(`/reviews/${items[i].id}`), [items, router]);
  const [selected, setSelected] = useListKeys(items.length, open, useCallback(() => setHelp(true), []));

  function set(patch: InboxQuery) {
    // A filter change starts at page 1 and drops the keyset position of the old list.
    const next = { ...query, after: '', before: '', ...patch, page: patch.page ?? '1' };
    setQuery(next);
    const qs = toSearch(next);
    window.history.replaceState(null, '', qs ? `/reviews?${qs}` : '/reviews');
  }
  const counts = data?.counts;
  const filtered = Object.entries(query).some(([k, v]) => v && k !== 'page' && !(k === 'status' && v === 'open'));

  return (
    <section aria-label="Review inbox" data-live={live} className="space-y-4">
      <div className="grid grid-cols-2 gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:grid-cols-4 2xl:grid-cols-8">
        <Field label="Status">
          <Select value={query.status ?? 'open'} onChange={(e) => set({ status: e.target.value })}>
            <option value="open">Open (pending + invalid)</option>
            <option value="PENDING">Pending</option>
            <option value="APPROVED">Approved</option>
            <option value="REJECTED">Rejected</option>
            <option value="SUPERSEDED">Superseded</option>
            <option value="INVALID">Invalid</option>
            <option value="all">All</option>
          </Select>
        </Field>
        <Field label="Card kind">
          <Select value={query.kind ?? ''} onChange={(e) => set({ kind: e.target.value })}>
            <option value="">Any{counts ? ` (${counts.total})` : ''}</option>
            <option value="SKILL">Skill{counts ? ` (${counts.byKind.SKILL ?? 0})` : ''}</option>
            <option value="FUNCTION">Function{counts ? ` (${counts.byKind.FUNCTION ?? 0})` : ''}</option>
          </Select>
        </Field>
        <Field label="Ability bank">
          <Select value={query.ability ?? ''} onChange={(e) => set({ ability: e.target.value })}>
            <option value="">Any</option>
            {data?.abilities.map((a) => <option key={a} value={a}>{a}</option>)}
          </Select>
        </Field>
        <Field label="Operation">
          <Select value={query.operation ?? ''} onChange={(e) => set({ operation: e.target.value })}>
            <option value="">Any</option>
            {(['ADD_CARD', 'PATCH_CARD', 'MERGE_CARD', 'NARROW_TRIGGER'] as const).map((op) => (
              <option key={op} value={op}>{OPERATION_LABELS[op]}{counts ? ` (${counts.byOperation[op] ?? 0})` : ''}</option>
            ))}
          </Select>
        </Field>
        <Field label="Validity">
          <Select value={query.valid ?? ''} onChange={(e) => set({ valid: e.target.value })}>
            <option value="">Any</option>
            <option value="true">Valid{counts ? ` (${counts.total - counts.invalid})` : ''}</option>
            <option value="false">Invalid{counts ? ` (${counts.invalid})` : ''}</option>
          </Select>
        </Field>
        <Field label="Staleness">
          <Select value={query.stale ?? ''} onChange={(e) => set({ stale: e.target.value })}>
            <option value="">Any</option>
            <option value="true">Stale{counts ? ` (${counts.stale})` : ''}</option>
            <option value="false">Current{counts ? ` (${counts.total - counts.stale})` : ''}</option>
          </Select>
        </Field>
        <FilterText label="Task" value={query.taskId ?? ''} placeholder="airline/16 or id" onCommit={(v) => set({ taskId: v })} />
        <FilterText label="Run" value={query.runId ?? ''} placeholder="run id" onCommit={(v) => set({ runId: v })} />
      </div>
      <ErrorMessage error={list.error} />
      {!data ? (
        <p className="text-sm text-slate-500">Loading proposals…</p>
      ) : items.length === 0 ? (
        <EmptyState title={filtered ? 'No proposal matches these filters' : 'Nothing waits for review'}>
          {filtered ? 'Clear a filter to see more.' : 'Proposals appear here when a reflection run proposes card edits (Tasks → Run reflection, or Runs).'}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
              <tr>
                <th className="px-3 py-2">Operation</th>
                <th className="px-3 py-2">Card</th>
                <th className="px-3 py-2">Bank</th>
                <th className="px-3 py-2">Task</th>
                <th className="px-3 py-2">Flags</th>
                <th className="px-3 py-2">Proposed</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((p, i) => (
                <InboxRow key={p.id} p={p} index={i} selected={i === selected} onSelect={() => setSelected(i)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data ? <Pager page={data.page} pageCount={data.pageCount} total={data.total} noun="proposal" onPage={(page) => set(toPage(page, data))} /> : null}
      <p className="text-xs text-slate-500">
        <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> move · <kbd className="font-mono">Enter</kbd> opens · <kbd className="font-mono">?</kbd> all keys
      </p>
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} shortcuts={INBOX_KEYS} />
    </section>
  );
}

function FilterText({ label, value, placeholder, onCommit }: { label: string; value: string; placeholder: string; onCommit: (v: string) => void }) {
  const [text, setText] = useState(value);
  return (
    <Field label={label}>
      <TextInput
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => text !== value && onCommit(text.trim())}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onCommit(text.trim());
          if (e.key === 'Escape') (e.target as HTMLInputElement).blur();
        }}
      />
    </Field>
  );
}

function InboxRow({ p, index, selected, onSelect }: { p: ProposalListItem; index: number; selected: boolean; onSelect: () => void }) {
  const primary = p.targets.find((t) => t.primary) ?? p.targets[0];
  return (
    <tr data-row-index={index} data-proposal-id={p.id} aria-selected={selected} onClick={onSelect} className={selected ? 'bg-indigo-50/70 outline outline-2 -outline-offset-2 outline-indigo-400' : 'hover:bg-slate-50'}>
      <td className="whitespace-nowrap px-3 py-2"><OperationBadge operation={p.operation} /></td>
      <td className="max-w-xs px-3 py-2 xl:max-w-md">
        <Link href={`/reviews/${p.id}`} className="font-medium text-indigo-700 hover:underline">{p.title ?? '(untitled card)'}</Link>
        <p className="truncate text-xs text-slate-500" title={p.reason}>
          {p.operation === 'ADD_CARD' ? 'new card' : p.targets.map((t) => t.key).join(' + ') || primary?.key}
          {' · '}
          {p.reason}
        </p>
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-slate-600">{p.cardKind === 'FUNCTION' ? 'functions (global)' : (p.ability ?? 'unlabelled')}</td>
      <td className="whitespace-nowrap px-3 py-2 text-slate-600">{p.task ? `${p.task.benchmark} · ${p.task.externalId}` : '—'}</td>
      <td className="space-x-1 whitespace-nowrap px-3 py-2">
        <ProposalFlags status={p.status} showStatus={p.status !== 'PENDING'} stale={p.stale} valid={p.valid} />
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-slate-600">{new Date(p.createdAt).toLocaleString()}</td>
    </tr>
  );
}
