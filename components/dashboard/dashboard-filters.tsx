import { ApplyFilters, DateRangeFields, FilterBar } from '@/components/ui/filter-bar';
import { FilterMenus } from '@/components/ui/filter-menus';
import type { DashboardFilters as Filters } from '@/lib/dashboard/filter-schema';
import type { DashboardOptions } from '@/lib/dashboard/load-dashboard';
import { AgentSelect } from './agent-select';

/** A plain GET form: the dashboard's filters live in the URL (shareable; drill-down links keep them). */
export function DashboardFilters({
  options,
  filters,
  action = '/dashboard',
}: {
  options: DashboardOptions;
  filters: Filters;
  action?: string;
}) {
  const menus = [
    { name: 'benchmark', label: 'Benchmark', values: options.benchmarks, current: filters.benchmark },
    { name: 'ability', label: 'Ability', values: options.abilities, current: filters.ability },
    { name: 'model', label: 'Model', values: options.models, current: filters.model },
  ];
  const menuClass = 'min-w-44 max-w-64';
  // max-w-64: a menu is as wide as its longest option, and an imported model name can be hundreds of characters.
  return (
    <FilterBar layout="row" method="get" action={action} aria-label="Dashboard filters" className="mb-4">
      <FilterMenus menus={menus} any="All" fieldClassName={menuClass} />
      <AgentSelect agents={options.agents} agent={filters.agent} nullAgent={filters.nullAgent} className={menuClass} />
      <DateRangeFields labels={['Imported from', 'to']} from={filters.from} to={filters.to} />
      <ApplyFilters clearHref={action} filtered={Object.values(filters).some(Boolean)} />
    </FilterBar>
  );
}
