import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { buildJsonExport } from './export-json';
import { buildMarkdownExport } from './export-markdown';
import { buildWikiZip } from './export-wiki';
import { findReleaseByName } from './read-release';

export const exportFormatSchema = z.enum(['json', 'markdown', 'wiki']);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** `etag`: a strong validator of `body` (quoted, as the header takes it). */
export type ExportFile = { fileName: string; contentType: string; body: string | Uint8Array; etag: string };

type Release = Awaited<ReturnType<typeof findReleaseByName>>;

async function build(release: Release, fmt: ExportFormat): Promise<ExportFile> {
  const doc = await buildJsonExport(release);
  const base = `bank-${release.name}`;
  const file =
    fmt === 'json'
      ? {
          fileName: `${base}.json`,
          contentType: 'application/json; charset=utf-8',
          body: `${JSON.stringify(doc, null, 2)}\n`,
        }
      : fmt === 'markdown'
        ? { fileName: `${base}.md`, contentType: 'text/markdown; charset=utf-8', body: buildMarkdownExport(doc) }
        : { fileName: `${base}-wiki.zip`, contentType: 'application/zip', body: buildWikiZip(doc) };
  return { ...file, etag: `"${createHash('sha256').update(file.body).digest('base64url').slice(0, 32)}"` };
}

const byteLength = (f: ExportFile) => (typeof f.body === 'string' ? Buffer.byteLength(f.body) : f.body.byteLength);

/**
 * Exports built once per process. A release cannot change (database triggers refuse it), so its
 * export changes only with this code (a deploy starts new processes) or the display name of the
 * user who froze it, which is part of the key. Building a release of thousands of cards takes seconds
 * and megabytes of JSON, and agent runtimes fetch the bank when they start. Bounded in bytes; concurrent
 * requests for one export share its one build (lru-cache's fetch).
 */
const built = new LRUCache<string, ExportFile, { release: Release; fmt: ExportFormat }>({
  maxSize: 256 * 1024 * 1024,
  sizeCalculation: byteLength,
  fetchMethod: (_key, _stale, { context }) => build(context.release, context.fmt),
});

/** One release in one export format, as a downloadable file (the API, the page's download links and `npm run export`). */
export async function exportRelease(actor: Actor | null, name: string, format: unknown): Promise<ExportFile> {
  requirePermission(actor, 'bank:export');
  // Parsed as the `format` field so a refusal names the parameter (the API's 400 says "format: …").
  const fmt = z.object({ format: exportFormatSchema }).parse({ format }).format;
  const release = await findReleaseByName(name);
  const key = JSON.stringify([release.id, fmt, release.createdBy?.name ?? null]);
  // fetch's type allows undefined (a fetchMethod may return it); build never does.
  return (await built.fetch(key, { context: { release, fmt } })) ?? build(release, fmt);
}
