import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { readLimitedBody } from './read-limited-body';
import { assertStorableText } from './unstorable-text';

/**
 * The largest JSON body a route reads (1 MiB). The biggest real ones (an edited
 * card on approval, a diagnosis at its text limits, a retrieval query) are tens
 * of KB; without a cap a client could make a replica buffer and parse any size.
 * Uploads have their own limit (IMPORT_MAX_UPLOAD_MB, lib/import/receive-upload.ts).
 */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

function tooLarge(size?: number): AppError {
  const what =
    size != null ? `The request body is ${size.toLocaleString('en-US')} bytes` : 'The request body is too large';
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `${what}; this route takes JSON of at most ${JSON_BODY_LIMIT_BYTES.toLocaleString('en-US')} bytes (1 MiB)`,
    [{ path: 'body', message: `larger than ${JSON_BODY_LIMIT_BYTES} bytes` }],
  );
}

/**
 * The deepest nesting a JSON body may have. The deepest real ones (a card with its lists, a
 * diagnosis with its checkpoints) are under 10 levels; a body 100,000 levels deep is small in
 * bytes but every recursive walk of it (the text checks below, zod) overflows the stack: a
 * 500 and a stack's worth of work per request. Refused before it is parsed.
 */
export const JSON_MAX_DEPTH = 64;

/** The nesting depth of JSON `text` (brackets outside strings), stopping as soon as it passes `max`. */
function depthPasses(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

const isJsonType = (type: string) => /^application\/([\w.+-]+\+)?json\b/i.test(type.trim());

/**
 * The request's JSON body ({} when empty). A body that is not JSON is a 400
 * saying so and, when the request declared another Content-Type (a form post,
 * `curl -d` without a header), naming it; a JSON body sent under another type
 * is still read, so `curl -d '{…}'` keeps working.
 */
export async function readJson(req: NextRequest): Promise<unknown> {
  const declared = req.headers.get('content-length');
  const text = (
    await readLimitedBody(req.body, declared ? Number(declared) : null, JSON_BODY_LIMIT_BYTES, tooLarge)
  ).toString('utf8');
  if (!text.trim()) return {};
  if (depthPasses(text, JSON_MAX_DEPTH))
    throw new AppError(
      'VALIDATION',
      `The JSON body is nested more than ${JSON_MAX_DEPTH} levels deep; no request takes that`,
      [{ path: 'body', message: `nested more than ${JSON_MAX_DEPTH} levels deep` }],
    );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    const type = req.headers.get('content-type');
    const hint =
      type && !isJsonType(type)
        ? ` The request says Content-Type: ${type.split(';')[0].trim()}; send a JSON object with Content-Type: application/json.`
        : '';
    throw new AppError('VALIDATION', `Malformed JSON body: ${(err as Error).message}.${hint}`, [
      { path: 'body', message: 'not valid JSON' },
    ]);
  }
  assertStorableText({ body });
  return body;
}

/**
 * The body of a route that takes no fields: none, or `{}`. A field is refused by name, as the strict body
 * schemas refuse theirs: a client sending `{ "provider": "openai" }` would otherwise believe it counted.
 */
export async function readNoFields(req: NextRequest): Promise<void> {
  z.strictObject({}).parse(await readJson(req));
}
