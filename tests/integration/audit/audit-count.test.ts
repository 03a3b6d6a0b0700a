import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EXACT_UP_TO, listAuditEntries } from '@/lib/admin/list-audit';
import type { Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { createActor, uid } from '../../helpers/factories';

// A log past the exact range: a few thousand more entries than AUDIT_EXACT_UP_TO, over one day each a second
// apart; and as many again of one action on one entity, which the planner (taking the two conditions as
// independent) estimates at about a quarter of the log when both are filtered on, half of what there is.
const LARGE = AUDIT_EXACT_UP_TO + 2_500;
const PAIRED = AUDIT_EXACT_UP_TO + 2_050;
let admin: Actor;
let rare = '';
beforeAll(async () => {
  admin = await createActor('ADMIN');
  rare = `rare.${uid()}`;
  await prisma.$executeRaw`
    INSERT INTO "AuditLog" (id, action, "entityType", "entityId", "createdAt")
    SELECT 'bulk-' || i, CASE WHEN i % 5000 = 0 THEN ${rare} ELSE 'card.edit' END, 'Card', 'card-' || (i % 40), timestamp '2026-03-01 00:00:00' + i * interval '1 second'
    FROM generate_series(1, ${LARGE}) i`;
  await prisma.$executeRaw`
    INSERT INTO "AuditLog" (id, action, "entityType", "entityId", "createdAt")
    SELECT 'paired-' || i, 'pair.both', 'Pair', 'pair-1', timestamp '2026-02-01 00:00:00' + i * interval '1 second' FROM generate_series(1, ${PAIRED}) i`;
  // The planner's figures come from the table statistics, which autovacuum would refresh in time.
  await prisma.$executeRaw`ANALYZE "AuditLog"`;
});

describe('the audit log total', () => {
  it('is the planner’s estimate, marked as one, for a log past the exact range: no count(*) of every entry per page', async () => {
    const real = await prisma.auditLog.count();
    const page = await listAuditEntries(admin, { pageSize: '50' });
    expect(page.estimated).toBe(true);
    expect(page.total).toBeGreaterThan(AUDIT_EXACT_UP_TO);
    expect(Math.abs(page.total - real) / real).toBeLessThan(0.1);
    expect(page.pageCount).toBe(Math.ceil(page.total / 50));
    // The page itself is read as before: the newest entries first.
    expect(page.items).toHaveLength(50);
    expect(page.items[0].entityId).toBe(`card-${LARGE % 40}`);
  });

  it('is exact, unmarked, for a filter down to a small set, and for a prefix that matches few', async () => {
    const few = await listAuditEntries(admin, { action: rare });
    expect(few).toMatchObject({ total: Math.floor(LARGE / 5000), pageCount: 1 });
    expect(few.estimated).toBeUndefined();
    const prefix = await listAuditEntries(admin, { action: `${rare.split('.')[0]}.` });
    expect(prefix.total).toBe(Math.floor(LARGE / 5000));
    const day = await listAuditEntries(admin, { from: '2026-03-01', to: '2026-03-01', entityId: 'card-7' });
    expect(day.total).toBe(Math.ceil((LARGE - 7) / 40));
    expect(day.estimated).toBeUndefined();
  });

  it('counts at least the entries a page reached when the estimate is short, so a page with entries is never past the end', async () => {
    const filter = { action: 'pair.both', entityId: 'pair-1', pageSize: '200' };
    const first = await listAuditEntries(admin, filter);
    expect(first.estimated).toBe(true);
    expect(first.total).toBeLessThan(PAIRED);
    const last = Math.ceil(PAIRED / 200);
    const deep = await listAuditEntries(admin, { ...filter, page: String(last) });
    expect(deep.items).toHaveLength(PAIRED - (last - 1) * 200);
    expect(deep).toMatchObject({ total: PAIRED, pageCount: last, estimated: true });
  });
});
