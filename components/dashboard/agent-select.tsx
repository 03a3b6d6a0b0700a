'use client';

import { useState } from 'react';
import { pairs, SelectField } from '@/components/ui/field';

/** The "No agent" option's value: a name no imported agent has (agent names are any string). */
function noneValue(agents: string[]): string {
  let v = '(no agent)';
  while (agents.includes(v)) v = `(${v})`;
  return v;
}

/**
 * The Agent menu of the dashboard's GET form: All, each imported agent, and
 * "No agent" (runs without an agent recorded). An agent submits as
 * `agent=<name>`; "No agent" takes the select's name away and submits
 * `nullAgent=1` instead, as the drill-down links write it.
 */
export function AgentSelect({
  agents,
  agent,
  nullAgent,
  className,
}: {
  agents: string[];
  agent?: string;
  nullAgent?: boolean;
  className?: string;
}) {
  const none = noneValue(agents);
  const [value, setValue] = useState(nullAgent ? none : (agent ?? ''));
  return (
    <>
      <SelectField
        label="Agent"
        name={value === none ? undefined : 'agent'}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        fieldClassName={className}
        options={[['', 'All'], ...pairs(agents), [none, 'No agent']]}
      />
      {value === none ? <input type="hidden" name="nullAgent" value="1" /> : null}
    </>
  );
}
