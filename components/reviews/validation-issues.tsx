import { IssueList } from '@/components/ui/issue-list';
import type { ValidationIssue } from '@/lib/reflection/validate-card';

/** Validation results as rule · field · message rows. */
export function ValidationIssues({ issues, okText }: { issues: ValidationIssue[]; okText: string }) {
  if (!issues.length)
    return okText ? (
      <p className="text-sm text-emerald-700" data-testid="validation-ok">
        {okText}
      </p>
    ) : null;
  return (
    <IssueList
      headers={['Rule', 'Message']}
      issues={issues.map((i) => ({ kind: i.rule, field: i.path, message: i.message }))}
      rowClassName="text-rose-800"
      testIds={{ table: 'validation-issues', row: 'validation-issue' }}
    />
  );
}
