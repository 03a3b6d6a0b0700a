import { AuditFilters } from '@/components/audit/audit-filters';
import { AuditTable } from '@/components/audit/audit-table';
import { PageHeader } from '@/components/ui/page-header';
import { QueryProblems } from '@/components/ui/query-problems';
import { requirePageActor } from '@/lib/auth/current-actor';
import { auditQuerySchema } from '@/lib/audit/audit-query';
import { auditFilterOptions, listAuditEntries } from '@/lib/audit/list-audit';
import { parsePageQuery } from '@/lib/pages/parse-page-query';

export const metadata = { title: 'Audit log' };

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor('audit:read');
  const { raw, parsed, query } = await parsePageQuery(auditQuerySchema, searchParams);
  const [options, page] = await Promise.all([auditFilterOptions(actor), listAuditEntries(actor, query)]);
  return (
    <>
      <PageHeader title="Audit log" description="Every change made in the console: who, what, on which entity, with before/after where it helps." />
      <AuditFilters options={options} query={query} />
      <QueryProblems parsed={parsed} />
      <AuditTable page={page} params={raw} />
    </>
  );
}
