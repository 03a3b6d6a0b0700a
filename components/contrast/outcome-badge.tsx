/** Pass/fail as colour AND text, so it reads without colour vision too. */
export function OutcomeBadge({ passed, score }: { passed: boolean; score?: number | null }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium ${passed ? 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200' : 'bg-rose-50 text-rose-700 ring-1 ring-rose-200'}`}
    >
      <span aria-hidden="true">{passed ? '✓' : '✗'}</span>
      {passed ? 'Passed' : 'Failed'}
      {score != null ? <span className="font-normal">· {formatScore(score)}</span> : null}
    </span>
  );
}

export function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toFixed(2);
}
