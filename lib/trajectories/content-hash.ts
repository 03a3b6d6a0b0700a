import { createHash } from 'node:crypto';
import { canonicalJson } from '@/lib/text/canonical-json';

/** Identity of a content value: the SHA-256 of its canonical JSON, so key order never changes it. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
