'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import { ShortcutsDialog } from '@/components/trajectory/shortcuts-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, Select, TextInput } from '@/components/ui/field';
import { Pager } from '@/components/ui/pager';
import { useListKeys } from '@/components/ui/use-list-keys';
import type { BankSummary, CardListItem } from '@/lib/cards/list-cards';
import { apiFetch } from '@/lib/http/api-client';
import type { Page } from '@/lib/http/pagination';

type BankPage = Page<CardListItem> & { banks: BankSummary[] };
export type BankQuery = Record<string, string>;

const KEYS: [string, string][] = [
  ['j / k', 'next / previous card'],
  ['Enter', 'open the selected card'],
  ['?', 'show this help'],
];

function toSearch(q: BankQuery): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v && !(k === 'page' && v === '1')) qs.set(k, v);
  return qs.toString();
}

export const cardHref = (key: string) => `/cards/${encodeURIComponent(key)}`;

/** The bank browser: one tile per bank (cards, KB), filters, search, sort, paging, j/k/Enter. */
export function CardBank({ initial, initialQuery }: { initial: BankPage; initialQuery: BankQuery }) {
  const router = useRouter();
  const [query, setQuery] = useState<BankQuery>(initialQuery);
  const [help, setHelp] = useState(false);
  const [text, setText] = useState(initialQuery.q ?? '');
  const list = useQuery({
    queryKey: ['cards', 'bank', query],
    queryFn: () => apiFetch<BankPage>(`/api/cards?${toSearch(query)}`),
    initialData: toSearch(query) === toSearch(initialQuery) ? initial : undefined,
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const items = useMemo(() => data?.items ?? [], [data]);
  const [selected, setSelected] = useListKeys(items.length, useCallback((i: number) => items[i] && router.push(cardHref(items[i].key)), [items, router]), useCallback(() => setHelp(true), []));

  function set(patch: BankQuery) {
    const next = { ...query, ...patch, page: patch.page ?? '1' };
    setQuery(next);
    const qs = toSearch(next);
    window.history.replaceState(null, '', qs ? `/cards?${qs}` : '/cards');
  }
  const abilities = [...new Set((data?.banks ?? []).map((b) => b.ability).filter((a): a is string => Boolean(a)))];

  return (
    <section aria-label="Card bank" className="space-y-4">
      <ul className="flex flex-wrap gap-2" aria-label="Banks">
        {(data?.banks ?? []).map((b) => {
          const active = (b.kind === 'FUNCTION' ? query.kind === 'FUNCTION' : query.ability === b.ability && query.kind === 'SKILL');
          return (
            <li key={`${b.kind}:${b.ability}`}>
              <button
                type="button"
                data-testid="bank-tile"
                aria-pressed={active}
                onClick={() => set(b.kind === 'FUNCTION' ? { kind: 'FUNCTION', ability: '' } : { kind: 'SKILL', ability: b.ability ?? '' })}
                className={`rounded-lg px-3 py-2 text-left text-sm shadow-sm ring-1 ${active ? 'bg-indigo-50 ring-indigo-400' : 'bg-white ring-slate-200 hover:bg-slate-50'}`}
              >
                <span className="block font-medium">{b.kind === 'FUNCTION' ? 'Function cards (global)' : `Skills · ${b.ability ?? 'unlabelled'}`}</span>
                <span className="text-xs text-slate-500">{b.cards} active · {b.sizeKb} KB</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="grid grid-cols-2 gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:grid-cols-4 lg:grid-cols-7">
        <Field label="Search">
          <TextInput
            type="search"
            data-search
            value={text}
            placeholder="title or key"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && set({ q: text.trim() })}
            onBlur={() => text.trim() !== (query.q ?? '') && set({ q: text.trim() })}
          />
        </Field>
        <Field label="Kind">
          <Select value={query.kind ?? ''} onChange={(e) => set({ kind: e.target.value })}>
            <option value="">Any</option>
            <option value="SKILL">Skill</option>
            <option value="FUNCTION">Function</option>
          </Select>
        </Field>
        <Field label="Ability">
          <Select value={query.ability ?? ''} onChange={(e) => set({ ability: e.target.value })}>
            <option value="">Any</option>
            {abilities.map((a) => <option key={a} value={a}>{a}</option>)}
          </Select>
        </Field>
        <FilterInput label="App" value={query.app ?? ''} onCommit={(v) => set({ app: v })} />
        <FilterInput label="Tag" value={query.tag ?? ''} onCommit={(v) => set({ tag: v })} />
        <Field label="Status">
          <Select value={query.status ?? 'ACTIVE'} onChange={(e) => set({ status: e.target.value })}>
            <option value="ACTIVE">Active</option>
            <option value="RETIRED">Retired</option>
            <option value="MERGED">Merged</option>
            <option value="all">All</option>
          </Select>
        </Field>
        <Field label="Sort">
          <Select value={query.sort ?? 'updated'} onChange={(e) => set({ sort: e.target.value })}>
            <option value="updated">Recently changed</option>
            <option value="title">Title</option>
            <option value="key">Key</option>
            <option value="size">Size</option>
          </Select>
        </Field>
      </div>
      <ErrorMessage error={list.error} />
      {!data ? (
        <p className="text-sm text-slate-500">Loading cards…</p>
      ) : items.length === 0 ? (
        <EmptyState title="No card matches">Approved proposals become cards here; try another filter.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
              <tr>
                <th className="px-3 py-2">Card</th>
                <th className="px-3 py-2">Bank</th>
                <th className="px-3 py-2">Apps · tags</th>
                <th className="px-3 py-2">Version</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">Size</th>
                <th className="px-3 py-2">Changed</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((c, i) => (
                <tr key={c.id} data-row-index={i} data-card-key={c.key} aria-selected={i === selected} onClick={() => setSelected(i)} className={i === selected ? 'bg-indigo-50/70 outline outline-2 -outline-offset-2 outline-indigo-400' : 'hover:bg-slate-50'}>
                  <td className="max-w-md px-3 py-2">
                    <Link href={cardHref(c.key)} className="font-medium text-indigo-700 hover:underline">{c.title || c.key}</Link>
                    <p className="truncate font-mono text-xs text-slate-500">{c.key}</p>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">{c.kind === 'FUNCTION' ? 'functions' : (c.ability ?? 'unlabelled')}</td>
                  <td className="px-3 py-2 text-xs text-slate-600">{[...c.apps, ...c.tags.map((t) => `#${t}`)].join(' ')}</td>
                  <td className="px-3 py-2">v{c.version ?? '—'}</td>
                  <td className="px-3 py-2 text-xs">{c.status.toLowerCase()}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">{(c.sizeBytes / 1024).toFixed(1)} KB</td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">{new Date(c.updatedAt).toLocaleDateString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data ? <Pager page={data.page} pageCount={data.pageCount} total={data.total} noun="card" onPage={(page) => set({ page: String(page) })} /> : null}
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} shortcuts={KEYS} />
    </section>
  );
}

function FilterInput({ label, value, onCommit }: { label: string; value: string; onCommit: (v: string) => void }) {
  const [text, setText] = useState(value);
  return (
    <Field label={label}>
      <TextInput value={text} onChange={(e) => setText(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && onCommit(text.trim())} onBlur={() => text.trim() !== value && onCommit(text.trim())} />
    </Field>
  );
}
