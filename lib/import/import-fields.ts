import { AppError } from '@/lib/errors';

/** What POST /api/imports reads besides the file(s): query parameters, or multipart form fields. */
export const IMPORT_FIELDS = ['fileName', 'format', 'model', 'domain', 'agent'] as const;

/**
 * Refuses a field an import does not read, naming it, as the JSON routes refuse theirs: a misspelt
 * `modle=` imported the runs without their model name (and `formt=` with the format guessed) and answered 200.
 */
export function assertImportFields(names: Iterable<string>): void {
  const unknown = [...names].filter((name) => !(IMPORT_FIELDS as readonly string[]).includes(name));
  if (!unknown.length) return;
  throw new AppError(
    'VALIDATION',
    `Unknown import ${unknown.length === 1 ? 'field' : 'fields'} ${unknown.join(', ')}: an import takes ${IMPORT_FIELDS.join(', ')} (query parameters or form fields) besides the file`,
    unknown.map((path) => ({ path, message: 'unknown field, not one this request takes' })),
  );
}
