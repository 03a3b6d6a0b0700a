import { Field, SelectField, TextInput, type Option } from '@/components/ui/field';
import { ApplyFilters, DateRangeFields, FilterBar } from '@/components/ui/filter-bar';
import { auditActionOptions } from '@/lib/audit/action-options';
import type { AuditQuery } from '@/lib/admin/audit-query';
import type { AuditFilterOptions } from '@/lib/admin/list-audit';
import { revealBidi } from '@/lib/text/reveal-bidi';

const any = (label: string, values: string[]): Option[] => [['', label], ...values.map((v): Option => [v, v])];

/** Each token that wrote entries, by name and prefix; a token id in the URL the menu lacks is kept, so the menu shows the filter in force. */
function tokenOptions(tokens: AuditFilterOptions['apiTokens'], active?: string): Option[] {
  const options: Option[] = [['', 'Any'], ...tokens.map((t): Option => [t.id, `${revealBidi(t.name)} (${t.prefix}…)`])];
  return active && !tokens.some((t) => t.id === active) ? [...options, [active, active]] : options;
}

/** GET form: the audit filters live in the URL. */
export function AuditFilters({ options, query }: { options: AuditFilterOptions; query: AuditQuery }) {
  const filtered = Boolean(
    query.actorId || query.apiTokenId || query.action || query.entityType || query.entityId || query.from || query.to,
  );
  // The drop-downs, in order: label, query key, width, options.
  const selects: [string, 'actorId' | 'apiTokenId' | 'action' | 'entityType', string, Option[]][] = [
    ['Actor', 'actorId', 'min-w-44', [['', 'Anyone'], ...options.actors.map((a): Option => [a.id, a.name])]],
    ['API token', 'apiTokenId', 'min-w-40', tokenOptions(options.apiTokens, query.apiTokenId)],
    ['Action', 'action', 'min-w-44', auditActionOptions(options.actions, query.action)],
    ['Entity type', 'entityType', 'min-w-40', any('Any', options.entityTypes)],
  ];
  return (
    <FilterBar layout="row" method="get" action="/admin/audit" aria-label="Filter the audit log" className="mb-4">
      {selects.map(([label, name, width, choices]) => (
        <SelectField
          key={name}
          label={label}
          name={name}
          defaultValue={query[name] ?? ''}
          fieldClassName={width}
          options={choices}
        />
      ))}
      <Field label="Entity id">
        <TextInput name="entityId" defaultValue={query.entityId ?? ''} />
      </Field>
      <DateRangeFields labels={['From', 'To']} from={query.from} to={query.to} />
      <ApplyFilters clearHref="/admin/audit" filtered={filtered} />
    </FilterBar>
  );
}
