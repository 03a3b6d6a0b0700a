import Link from 'next/link';
import { Field, Select, TextInput } from '@/components/ui/field';
import type { AuditQuery } from '@/lib/audit/audit-query';
import type { AuditFilterOptions } from '@/lib/audit/list-audit';

/** GET form: the audit filters live in the URL. */
export function AuditFilters({ options, query }: { options: AuditFilterOptions; query: AuditQuery }) {
  const any = Boolean(query.actorId || query.action || query.entityType || query.entityId || query.from || query.to);
  return (
    <form method="get" action="/admin/audit" aria-label="Filter the audit log" className="mb-4 flex flex-wrap items-end gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <div className="min-w-44">
        <Field label="Actor">
          <Select name="actorId" defaultValue={query.actorId ?? ''}>
            <option value="">Anyone</option>
            {options.actors.map((a) => (
              <option key={a.id} value={a.id}>{a.name}</option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="min-w-44">
        <Field label="Action">
          <Select name="action" defaultValue={query.action ?? ''}>
            <option value="">Any</option>
            {options.actions.map((a) => (
              <option key={a} value={a}>{a}</option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="min-w-40">
        <Field label="Entity type">
          <Select name="entityType" defaultValue={query.entityType ?? ''}>
            <option value="">Any</option>
            {options.entityTypes.map((t) => (
              <option key={t} value={t}>{t}</option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="Entity id">
        <TextInput name="entityId" defaultValue={query.entityId ?? ''} />
      </Field>
      <Field label="From">
        <TextInput type="date" name="from" defaultValue={query.from ?? ''} />
      </Field>
      <Field label="To">
        <TextInput type="date" name="to" defaultValue={query.to ?? ''} />
      </Field>
      <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-500">Apply</button>
      {any ? <Link href="/admin/audit" className="px-2 py-1.5 text-sm text-slate-600 underline hover:text-slate-900">Clear filters</Link> : null}
    </form>
  );
}
