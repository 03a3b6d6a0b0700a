/**
 * The audit log's Action menu. The filter takes an exact action or a prefix
 * ending in "." (`token.`): each family of two or more actions gets its prefix
 * as an entry above its actions, and an active filter the menu would not list
 * (a prefix typed in the URL, an action no entry has any more) is added, so
 * the menu always shows the filter in force instead of "Any".
 */
export function auditActionOptions(actions: string[], active?: string): [value: string, label: string][] {
  const families = new Map<string, string[]>();
  for (const a of [...actions].sort()) {
    const dot = a.indexOf('.');
    const family = dot > 0 ? a.slice(0, dot + 1) : a;
    families.set(family, [...(families.get(family) ?? []), a]);
  }
  const options: [string, string][] = [['', 'Any']];
  for (const [family, members] of families) {
    if (family.endsWith('.') && members.length > 1) options.push([family, prefixLabel(family)]);
    for (const a of members) options.push([a, a]);
  }
  if (active && !options.some(([value]) => value === active))
    options.push([active, active.endsWith('.') ? prefixLabel(active) : active]);
  return options;
}

const prefixLabel = (prefix: string) => `${prefix}* (every ${prefix.slice(0, -1)} action)`;
