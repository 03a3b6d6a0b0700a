import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { buildJsonExport } from './export-json';
import { buildMarkdownExport } from './export-markdown';
import { buildWikiZip } from './export-wiki';
import { findReleaseByName } from './read-release';

export const exportFormatSchema = z.enum(['json', 'markdown', 'wiki']);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

export type ExportFile = { fileName: string; contentType: string; body: string | Uint8Array };

/** One release in one export format, as a downloadable file (the API, the page's download links and `npm run export`). */
export async function exportRelease(actor: Actor | null, name: string, format: unknown): Promise<ExportFile> {
  requirePermission(actor, 'bank:export');
  // Parsed as the `format` field so a refusal names the parameter (the API's 400 says "format: …").
  const fmt = z.object({ format: exportFormatSchema }).parse({ format }).format;
  const release = await findReleaseByName(name);
  const doc = await buildJsonExport(release);
  const base = `bank-${release.name}`;
  if (fmt === 'json') return { fileName: `${base}.json`, contentType: 'application/json; charset=utf-8', body: `${JSON.stringify(doc, null, 2)}\n` };
  if (fmt === 'markdown') return { fileName: `${base}.md`, contentType: 'text/markdown; charset=utf-8', body: buildMarkdownExport(doc) };
  return { fileName: `${base}-wiki.zip`, contentType: 'application/zip', body: buildWikiZip(doc) };
}
