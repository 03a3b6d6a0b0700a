import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkPager } from '@/components/ui/link-pager';
import type { AuditEntryView } from '@/lib/audit/audit-query';
import type { Page } from '@/lib/http/pagination';

function Change({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div>
      <div className="text-xs font-medium text-slate-500">{label}</div>
      <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 text-xs">{JSON.stringify(value, null, 2)}</pre>
    </div>
  );
}

/** Audit entries, newest first; each links to its entity and folds out before/after. */
export function AuditTable({ page, params }: { page: Page<AuditEntryView>; params: Record<string, string> }) {
  if (!page.items.length) return <EmptyState title="No audit entry matches">Clear a filter to see more entries.</EmptyState>;
  return (
    <div>
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full text-left text-sm" data-testid="audit-table">
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              {['When (UTC)', 'Actor', 'Action', 'Entity', 'Details'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {page.items.map((e) => (
              <tr key={e.id} data-testid="audit-row">
                <td className="whitespace-nowrap px-3 py-2 tabular-nums text-slate-600">{e.createdAt.slice(0, 19).replace('T', ' ')}</td>
                <td className="px-3 py-2">
                  {e.actor ? (
                    <Link href={`/admin/audit?${new URLSearchParams({ actorId: e.actor.id }).toString()}`} className="hover:underline" title={e.actor.email}>{e.actor.name}</Link>
                  ) : (
                    <span className="text-slate-500">system</span>
                  )}
                </td>
                <td className="px-3 py-2 font-mono text-xs">{e.action}</td>
                <td className="px-3 py-2">
                  <span className="text-slate-500">{e.entityType} </span>
                  {e.entityHref ? <Link href={e.entityHref} className="font-mono text-xs text-indigo-700 underline">{e.entityId}</Link> : <span className="font-mono text-xs">{e.entityId}</span>}
                </td>
                <td className="px-3 py-2">
                  {e.before != null || e.after != null ? (
                    <details>
                      <summary className="cursor-pointer text-xs text-slate-600">Before / after</summary>
                      <div className="mt-1 grid max-w-xl gap-2">
                        <Change label="Before" value={e.before} />
                        <Change label="After" value={e.after} />
                      </div>
                    </details>
                  ) : (
                    <span className="text-xs text-slate-400">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LinkPager label="Audit pages" noun={['entry', 'entries']} total={page.total} page={page.page} pageCount={page.pageCount} path="/admin/audit" params={params} />
    </div>
  );
}
