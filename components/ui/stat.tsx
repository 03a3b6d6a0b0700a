/**
 * One headline figure: label, value, optional hint. Goes inside a `<dl>`.
 * `muted` sits on a white panel (dashboard); `card` stands on the page background (agreement).
 */
export function Stat({
  label,
  value,
  hint,
  look = 'muted',
}: {
  label: string;
  value: string;
  hint?: string;
  look?: 'muted' | 'card';
}) {
  const card = look === 'card';
  return (
    <div
      className={
        card ? 'rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ring-slate-200' : 'rounded-md bg-slate-50 px-3 py-2'
      }
    >
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={`${card ? 'text-xl' : 'text-lg'} font-semibold tabular-nums text-slate-900`}>{value}</dd>
      {hint ? <dd className={`text-xs ${card ? 'text-slate-500' : 'text-slate-600'}`}>{hint}</dd> : null}
    </div>
  );
}
