import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuditFilters } from '@/components/audit/audit-filters';
import { auditActionOptions } from '@/lib/audit/action-options';
import { auditQuerySchema } from '@/lib/admin/audit-query';

const OPTIONS = {
  actors: [],
  apiTokens: [],
  actions: ['token.revoke', 'token.create', 'auth.login', 'taxonomy.update', 'taxonomy.create'],
  entityTypes: ['ApiToken'],
};
const selectedAction = (action: string) => {
  const html = renderToStaticMarkup(
    createElement(AuditFilters, { options: OPTIONS, query: auditQuerySchema.parse({ action }) }),
  );
  const menu = html.slice(html.indexOf('name="action"'), html.indexOf('</select>', html.indexOf('name="action"')));
  return /<option value="([^"]*)" selected="">([^<]*)</.exec(menu)?.slice(1);
};

describe("the audit log's Action menu", () => {
  it('shows the prefix filter in force (?action=token.), not "Any"', () => {
    expect(selectedAction('token.')).toEqual(['token.', 'token.* (every token action)']);
    expect(selectedAction('token.revoke')).toEqual(['token.revoke', 'token.revoke']);
  });

  it("offers each family's prefix above its actions, and keeps a filter no entry matches", () => {
    expect(auditActionOptions(OPTIONS.actions)).toEqual([
      ['', 'Any'],
      ['auth.login', 'auth.login'],
      ['taxonomy.', 'taxonomy.* (every taxonomy action)'],
      ['taxonomy.create', 'taxonomy.create'],
      ['taxonomy.update', 'taxonomy.update'],
      ['token.', 'token.* (every token action)'],
      ['token.create', 'token.create'],
      ['token.revoke', 'token.revoke'],
    ]);
    expect(auditActionOptions(OPTIONS.actions, 'auth.')).toContainEqual(['auth.', 'auth.* (every auth action)']);
    expect(auditActionOptions([], 'card.rollback')).toEqual([
      ['', 'Any'],
      ['card.rollback', 'card.rollback'],
    ]);
  });
});
