import type { ValidationIssue } from '@/lib/reflection/validate-card';

/** Validation results as rule · field · message rows. */
export function ValidationIssues({ issues, okText }: { issues: ValidationIssue[]; okText: string }) {
  if (!issues.length) return okText ? <p className="text-sm text-emerald-700" data-testid="validation-ok">{okText}</p> : null;
  return (
    <table className="w-full text-sm" data-testid="validation-issues">
      <thead className="text-left text-xs uppercase text-slate-500">
        <tr>
          <th className="py-1 pr-3">Rule</th>
          <th className="py-1 pr-3">Field</th>
          <th className="py-1">Message</th>
        </tr>
      </thead>
      <tbody>
        {issues.map((i, k) => (
          <tr key={k} className="align-top text-rose-800" data-testid="validation-issue">
            <td className="py-0.5 pr-3 font-medium">{i.rule}</td>
            <td className="py-0.5 pr-3 font-mono text-xs">{i.path}</td>
            <td className="py-0.5">{i.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
