import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { AuditFilters } from '@/components/audit/audit-filters';
import { AuditTable } from '@/components/audit/audit-table';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { auditQuerySchema } from '@/lib/admin/audit-query';
import { auditFilterOptions, listAuditEntries } from '@/lib/admin/list-audit';
import { parsePageQuery } from '@/lib/pages/parse-page-query';

export const metadata = { title: 'Audit log' };

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('audit:read');
  const parsed = await parsePageQuery(auditQuerySchema, searchParams);
  if (!parsed.ok) return <InvalidLinkNotice path="/admin/audit" raw={parsed.raw} problems={parsed.problems} />;
  const { raw, query } = parsed;
  const [options, page] = await Promise.all([auditFilterOptions(actor), listAuditEntries(actor, query)]);
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the console: who, what, on which entity, with before/after where it helps."
      />
      <AuditFilters options={options} query={query} />
      <AuditTable page={page} params={raw} />
    </>
  );
}
