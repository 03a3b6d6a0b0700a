/** The starting failure taxonomy; admins edit it afterwards. */
export const DEFAULT_FAILURE_CATEGORIES = [
  {
    key: 'misread-state',
    label: 'Misread app state',
    description: 'Acted on a wrong belief about what the app showed or contained.',
  },
  {
    key: 'wrong-tool-or-arguments',
    label: 'Wrong tool or arguments',
    description: 'Called the wrong function, or the right one with wrong arguments.',
  },
  {
    key: 'incomplete-enumeration',
    label: 'Incomplete enumeration / pagination',
    description: 'Stopped listing or paging before seeing every relevant item.',
  },
  {
    key: 'ambiguous-request',
    label: 'Acted on an ambiguous request instead of asking',
    description: 'Guessed where it should have asked the user to confirm.',
  },
  {
    key: 'missed-obligation',
    label: 'Missed obligation or side effect',
    description: 'Skipped a required step, confirmation or follow-up effect.',
  },
  {
    key: 'finalization',
    label: 'Premature or missing finalization',
    description: 'Finished too early, or never committed the final action.',
  },
  {
    key: 'answer-form',
    label: 'Wrong answer form',
    description: 'Right content, wrong format or channel for the answer.',
  },
  { key: 'policy-violation', label: 'Policy violation', description: 'Did something the domain policy forbids.' },
  { key: 'other', label: 'Other', description: 'Anything else; explain in the diagnosis.' },
] as const;
