import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuditFilters } from '@/components/audit/audit-filters';
import { AuditTable } from '@/components/audit/audit-table';
import { auditQuerySchema, type AuditEntryView } from '@/lib/admin/audit-query';

const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
  id: 'e1',
  createdAt: '2026-12-04T10:00:00.000Z',
  actor: { id: 'u1', name: 'alice', email: 'alice@test.local' },
  apiToken: null,
  action: 'import.finish',
  entityType: 'ImportJob',
  entityId: 'job1',
  entityLabel: null,
  entityHref: null,
  before: null,
  after: null,
  ...over,
});
const actorCells = (entries: AuditEntryView[]) => {
  const html = renderToStaticMarkup(
    createElement(AuditTable, {
      page: { items: entries, total: entries.length, page: 1, pageSize: 50, pageCount: 1 },
      params: {},
    }),
  );
  return [...html.matchAll(/<tr data-testid="audit-row"[^>]*><td[^>]*>[^<]*<\/td><td[^>]*>(.*?)<\/td>/g)].map((m) =>
    m[1].replace(/<[^>]+>/g, ''),
  );
};

describe('the audit log says which API token an action came through', () => {
  it('shows "alice via token ‘ci-import’" for a token\'s entry, the bare name for a session\'s, and reveals bidi controls in the name', () => {
    const token = { id: 't1', name: 'ci-import', prefix: 'mct_abc123' };
    expect(
      actorCells([
        entry({ apiToken: token }),
        entry({ id: 'e2' }),
        entry({ id: 'e3', apiToken: { ...token, name: 'ci\u202eevil' } }),
      ]),
    ).toEqual(['alice via token ‘ci-import’', 'alice', 'alice via token ‘ci⟨U+202E⟩evil’']);
  });

  it('links the token to its entries and offers it in the API token filter, by name and prefix', () => {
    const token = { id: 't1', name: 'ci-import', prefix: 'mct_abc123' };
    const table = renderToStaticMarkup(
      createElement(AuditTable, {
        page: { items: [entry({ apiToken: token })], total: 1, page: 1, pageSize: 50, pageCount: 1 },
        params: {},
      }),
    );
    expect(table).toContain('href="/admin/audit?apiTokenId=t1"');
    const filters = renderToStaticMarkup(
      createElement(AuditFilters, {
        options: { actors: [], apiTokens: [token], actions: [], entityTypes: [] },
        query: auditQuerySchema.parse({ apiTokenId: 't1' }),
      }),
    );
    expect(filters).toMatch(/<option value="t1" selected="">ci-import \(mct_abc123…\)<\/option>/);
  });
});
