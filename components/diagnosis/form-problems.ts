import { submitInputSchema } from '@/lib/diagnosis/diagnosis-schemas';
import { ApiError } from '@/lib/http/api-client';

/**
 * Which diagnosis field a refusal belongs to, so each problem is shown once,
 * next to its field and by its label (the server's message joins every issue
 * into one line, and names eventStart and eventEnd separately for one range).
 */
export const FORM_FIELDS = ['category', 'range', 'whatWentWrong', 'whatShouldHaveHappened', 'confidence'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export const FIELD_LABELS: Record<FormField, string> = {
  category: 'Failure category',
  range: 'Events',
  whatWentWrong: 'What went wrong',
  whatShouldHaveHappened: 'What should have happened',
  confidence: 'Confidence',
};

const FIELD_OF_PATH: Record<string, FormField> = {
  categoryId: 'category',
  eventStart: 'range',
  eventEnd: 'range',
  whatWentWrong: 'whatWentWrong',
  whatShouldHaveHappened: 'whatShouldHaveHappened',
  confidence: 'confidence',
};

export type FormProblems = { fields: Partial<Record<FormField, string>>; other: string | null };

export const NO_PROBLEMS: FormProblems = { fields: {}, other: null };

/** Groups `{path, message}` issues by field, first message per field, in form order. */
export function problemsFromIssues(
  issues: { path: string; message: string }[],
  fallback: string | null = null,
): FormProblems {
  const fields: Partial<Record<FormField, string>> = {};
  const unplaced: string[] = [];
  for (const i of issues) {
    const field = FIELD_OF_PATH[i.path.split('.')[0]];
    if (field) fields[field] ??= i.message;
    else unplaced.push(i.message);
  }
  const other = unplaced.length ? unplaced.join('; ') : Object.keys(fields).length ? null : fallback;
  return { fields, other };
}

/** A refusal from the API (validation details when it has them, else its message). */
export function problemsFromError(err: unknown): FormProblems {
  if (err instanceof ApiError && err.details.length) {
    // A detail says what is wrong with the field ("out of range"); the message says it in full.
    return problemsFromIssues(
      err.details.map((d) => ({
        path: d.path ?? '',
        message: d.path && err.details.length === 1 ? err.message : d.message,
      })),
      err.message,
    );
  }
  return { fields: {}, other: err instanceof Error ? err.message : String(err) };
}

/** The same rules the server applies on submit, checked before sending. */
export function submitProblems(payload: unknown): FormProblems {
  const r = submitInputSchema.safeParse(payload);
  if (r.success) return NO_PROBLEMS;
  return problemsFromIssues(r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}

export function firstProblemField(p: FormProblems): FormField | null {
  return FORM_FIELDS.find((f) => p.fields[f]) ?? null;
}

export function hasProblems(p: FormProblems): boolean {
  return !!p.other || Object.keys(p.fields).length > 0;
}
