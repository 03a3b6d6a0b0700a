import { SelectField, type Option } from '@/components/ui/field';

/** One menu of a GET filter form: its query parameter, the values to choose from and the one in the URL. */
export type FilterMenu = {
  name: string;
  label: string;
  values: readonly string[];
  current?: string;
  /** Enum values (AGENT, TOOL_CALL) read as words: "agent", "tool call". */
  enumLabels?: boolean;
};

/** A filter form's menus, each led by the empty choice (`any`: "All", "Any") that leaves the parameter out. */
export function FilterMenus({
  menus,
  any,
  fieldClassName,
}: {
  menus: FilterMenu[];
  any: string;
  fieldClassName: string;
}) {
  return menus.map((m) => (
    <SelectField
      key={m.name}
      label={m.label}
      name={m.name}
      defaultValue={m.current ?? ''}
      fieldClassName={fieldClassName}
      options={[['', any], ...m.values.map((v): Option => [v, m.enumLabels ? v.toLowerCase().replace('_', ' ') : v])]}
    />
  ));
}
