import type { DataQualityWarning } from '@/lib/trajectories/data-quality';

/** The importer's data-quality warnings for this trajectory (text only: they quote untrusted source fields). */
export function DataQualityNotice({ warnings }: { warnings: DataQualityWarning[] }) {
  if (!warnings.length) return null;
  return (
    <div
      role="status"
      aria-label="Data-quality warning"
      data-testid="data-quality-warning"
      className="mt-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p className="font-medium">Data-quality warning: judge this run&apos;s checkpoints with care.</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {warnings.map((w, i) => (
          <li key={i}>
            {w.reason} <span className="font-mono text-xs text-amber-700">({w.path})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
