import { z } from 'zod';
import { optionalFilterText } from '@/lib/http/filter-text';
import type { ApiTokenRef } from '@/lib/auth/permissions';
import { pageQuerySchema } from '@/lib/http/pagination';

const day = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), 'Expected a date as YYYY-MM-DD')
  .transform((v) => v || undefined);

/** Audit log filters (`GET /api/admin/audit`, the /admin/audit page URL). Dates are inclusive UTC days. */
export const auditQuerySchema = pageQuerySchema.extend({
  actorId: optionalFilterText(100),
  // Entries written through one API token.
  apiTokenId: optionalFilterText(100),
  // Exact action ("taxonomy.update") or a prefix ending in "." ("taxonomy.").
  action: optionalFilterText(100),
  entityType: optionalFilterText(100),
  entityId: optionalFilterText(200),
  from: day,
  to: day,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export type AuditEntryView = {
  id: string;
  createdAt: string;
  actor: { id: string; name: string; email: string } | null;
  /** The API token the action came through; null for a browser session, the CLI or the system. */
  apiToken: ApiTokenRef | null;
  action: string;
  entityType: string;
  entityId: string;
  /** What the entity was called when the entry was written (or, for older entries, is called now); null if unknown. */
  entityLabel: string | null;
  /** Where the entity is shown in the console, when it has a page. */
  entityHref: string | null;
  before: unknown;
  after: unknown;
};
