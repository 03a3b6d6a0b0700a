import type { ZodError } from 'zod';
import { ErrorMessage } from './error-message';

/** What was wrong with a page's query string (`?from=yesterday`): each bad parameter and why; the page falls back to its defaults. */
export function QueryProblems({ parsed }: { parsed: { success: true } | { success: false; error: ZodError } }) {
  if (parsed.success) return null;
  return <ErrorMessage error={new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '))} />;
}
