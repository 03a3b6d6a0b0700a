'use client';

import { SelectField, type Option } from '@/components/ui/field';
import { FilterText, filterBinding, selectFilterBinding, type OnFilterChange } from '@/components/ui/filter-controls';

const KIND_OPTIONS: Option[] = [
  ['', 'Any'],
  ['SKILL', 'Skill'],
  ['FUNCTION', 'Function'],
];

/**
 * The filters every card list starts with (the bank, a release's cards): the title-or-key search and
 * the card kind, in the URL as `q` and `kind`. `shortcut`: the search is the one "/" focuses.
 */
export function CardSearchFilters({
  searchLabel,
  shortcut = false,
  params,
  onChange,
}: {
  searchLabel: string;
  shortcut?: boolean;
  params: URLSearchParams;
  onChange: OnFilterChange;
}) {
  const bind = filterBinding(params, onChange);
  return (
    <>
      <FilterText
        label={searchLabel}
        type="search"
        data-search={shortcut || undefined}
        placeholder="title or key"
        {...bind('q')}
      />
      <SelectField label="Kind" {...selectFilterBinding(params, onChange)('kind')} options={KIND_OPTIONS} />
    </>
  );
}
