import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import type { ColumnDef } from '@/components/ui/data-table';
import { LinkPagedTable } from '@/components/ui/link-paged-table';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { AuditEntryView } from '@/lib/admin/audit-query';
import type { ApiTokenRef } from '@/lib/auth/permissions';
import type { Page } from '@/lib/http/pagination';

function Change({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div>
      <div className="text-xs font-medium text-slate-600">{label}</div>
      <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

const auditHref = (filter: Record<string, string>) => `/admin/audit?${new URLSearchParams(filter).toString()}`;

/** "via token ‘ci-import’": the action came through an API token, not a browser session; links to its other entries. */
function ViaToken({ token }: { token: ApiTokenRef }) {
  return (
    <span className="text-slate-600" data-testid="audit-via-token">
      {' via token '}
      <Link
        href={auditHref({ apiTokenId: token.id })}
        className="hover:underline"
        title={`Token ${token.prefix}… — its entries`}
      >
        ‘<UntrustedText text={token.name} clip="max-w-40" />’
      </Link>
    </span>
  );
}

const COLUMNS: ColumnDef<AuditEntryView>[] = [
  {
    header: 'When (UTC)',
    className: 'whitespace-nowrap tabular-nums text-slate-600',
    cell: (e) => e.createdAt.slice(0, 19).replace('T', ' '),
  },
  {
    header: 'Actor',
    cell: (e) => (
      <>
        {e.actor ? (
          <Link href={auditHref({ actorId: e.actor.id })} className="hover:underline" title={e.actor.email}>
            {e.actor.name}
          </Link>
        ) : (
          <span className="text-slate-600">system</span>
        )}
        {e.apiToken ? <ViaToken token={e.apiToken} /> : null}
      </>
    ),
  },
  { header: 'Action', className: 'font-mono text-xs', cell: (e) => e.action },
  {
    header: 'Entity',
    cell: (e) => (
      // The entity's name (an e-mail, a token's name, a card's title: untrusted text) beside its id, so an
      // entry says what changed without opening before/after.
      <>
        <span className="text-slate-600">{e.entityType} </span>
        {e.entityLabel ? (
          <UntrustedText text={e.entityLabel} clip="max-w-72" className="font-medium" testId="audit-entity-label" />
        ) : null}
        <div>
          {e.entityHref ? (
            <Link href={e.entityHref} className="font-mono text-xs text-indigo-700 underline">
              {e.entityId}
            </Link>
          ) : (
            <span className="font-mono text-xs">{e.entityId}</span>
          )}
        </div>
      </>
    ),
  },
  {
    header: 'Details',
    cell: (e) =>
      e.before != null || e.after != null ? (
        <details>
          <summary className="cursor-pointer text-xs text-slate-600">Before / after</summary>
          <div className="mt-1 grid max-w-xl gap-2">
            <Change label="Before" value={e.before} />
            <Change label="After" value={e.after} />
          </div>
        </details>
      ) : (
        <span className="text-xs text-slate-500">—</span>
      ),
  },
];

/** Audit entries, newest first; each links to its entity and folds out before/after. */
export function AuditTable({ page, params }: { page: Page<AuditEntryView>; params: Record<string, string> }) {
  return (
    <LinkPagedTable
      testId="audit-table"
      columns={COLUMNS}
      page={page}
      params={params}
      pager={{ label: 'Audit pages', noun: ['entry', 'entries'], path: '/admin/audit' }}
      rowProps={() => ({ 'data-testid': 'audit-row' })}
      tbodyClassName="align-top"
      empty={<EmptyState title="No audit entry matches">Clear a filter to see more entries.</EmptyState>}
    />
  );
}
