/**
 * A menu of card versions ("v3"), named by `label` for screen readers; the caller places it in its
 * own visible wording ("Diff from … to …", beside "Restore as a new version").
 */
export function VersionSelect({
  label,
  versions,
  value,
  onChange,
  className,
}: {
  label: string;
  versions: readonly { number: number }[];
  value: number;
  onChange: (n: number) => void;
  className: string;
}) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(Number(e.target.value))} className={className}>
      {versions.map((v) => (
        <option key={v.number} value={v.number}>
          v{v.number}
        </option>
      ))}
    </select>
  );
}
