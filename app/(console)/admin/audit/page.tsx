import { AuditFilters } from '@/components/audit/audit-filters';
import { AuditTable } from '@/components/audit/audit-table';
import { listPage } from '@/components/shell/list-page';
import { auditQuerySchema } from '@/lib/admin/audit-query';
import { auditFilterOptions, listAuditEntries } from '@/lib/admin/list-audit';

export const metadata = { title: 'Audit log' };

export default listPage({
  permission: 'audit:read',
  schema: auditQuerySchema,
  load: (actor, { query }) => Promise.all([auditFilterOptions(actor), listAuditEntries(actor, query)]),
  path: '/admin/audit',
  title: 'Audit log',
  description: 'Every change made in the console: who, what, on which entity, with before/after where it helps.',
  render: ([options, page], { raw, query }) => (
    <>
      <AuditFilters options={options} query={query} />
      <AuditTable page={page} params={raw} />
    </>
  ),
});
