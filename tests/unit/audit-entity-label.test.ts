import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuditTable } from '@/components/audit/audit-table';
import type { AuditEntryView } from '@/lib/admin/audit-query';

const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
  id: 'e1',
  createdAt: '2026-12-04T10:00:00.000Z',
  actor: null,
  apiToken: null,
  action: 'user.update',
  entityType: 'User',
  entityId: 'u1',
  entityLabel: null,
  entityHref: '/admin/users',
  before: null,
  after: null,
  ...over,
});
const render = (items: AuditEntryView[]) =>
  renderToStaticMarkup(
    createElement(AuditTable, {
      page: { items, total: items.length, page: 1, pageSize: 50, pageCount: 1 },
      params: {},
    }),
  );

describe('the audit table names the entity beside its id', () => {
  it('shows the label as text (bidi controls revealed) next to the linked id, and just the id when there is no label', () => {
    const html = render([
      entry({ entityLabel: 'Ana <ana@demo.local>' }),
      entry({ id: 'e2', entityType: 'Card', entityId: 'c1', entityLabel: 'evil\u202etitle', entityHref: null }),
    ]);
    expect(html).toContain('Ana &lt;ana@demo.local&gt;');
    expect(html).toContain('evil⟨U+202E⟩title');
    expect(html).toContain('href="/admin/users">u1</a>');
    expect(render([entry({})])).not.toContain('audit-entity-label');
  });
});
