import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { archiveKind, unpackArchive } from './archive/unpack-archive';
import { ArchiveError, archiveLimits, type ArchiveLimits } from './archive/limits';
import { folderBytes, listFolder, tacAgentFolders, type FolderInput } from './adapters/folder-input';
import { atifRunFolders } from './adapters/atif-folder';
import { detectFormat, readHead } from './adapters/detect';
import type { ImportFormat } from './adapters/types';
import { createSpoolFolder } from './import-spool';

/**
 * What an import reads, once archives are unpacked: one file, or a folder
 * (given as one, or a .zip / .tar.gz unpacked into the import's own temporary
 * folder, removed by `cleanup` whatever happens). An archive that cannot be
 * unpacked within the limits is `failed` with the reason, nothing imported.
 */
export type PreparedInput = (
  | { kind: 'file'; filePath: string; fileName: string }
  | { kind: 'folder'; folder: FolderInput }
  | { kind: 'failed'; reason: string }
) & { bytesTotal: number; cleanup: () => Promise<void> };

const nothing = async () => {};

/**
 * Inspect's `.eval` logs are zip files their adapter reads as they are, not archives of a folder:
 * told by the name, or by the entry names in the zip's first bytes (a log renamed `.zip`).
 */
async function isInspectLog(filePath: string, fileName: string): Promise<boolean> {
  return /\.eval$/i.test(fileName) || detectFormat(await readHead(filePath), fileName) === 'inspect';
}

export async function prepareInput(
  filePath: string,
  fileName: string,
  limits: ArchiveLimits = archiveLimits(),
  spoolRoot?: string,
): Promise<PreparedInput> {
  const info = await stat(filePath);
  if (info.isDirectory()) {
    const folder = await listFolder(filePath);
    return { kind: 'folder', folder, bytesTotal: await folderBytes(folder), cleanup: nothing };
  }
  const kind = info.size ? await archiveKind(filePath) : null;
  if (!kind || (kind === 'zip' && (await isInspectLog(filePath, fileName))))
    return { kind: 'file', filePath, fileName, bytesTotal: info.size, cleanup: nothing };
  const dir = await createSpoolFolder(spoolRoot);
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const unpacked = await unpackArchive(filePath, fileName, path.join(dir, 'unpacked'), kind, limits);
    if (unpacked.kind === 'file')
      return {
        kind: 'file',
        filePath: unpacked.path,
        fileName: unpacked.name,
        bytesTotal: (await stat(unpacked.path)).size,
        cleanup,
      };
    const folder = await listFolder(unpacked.root);
    return { kind: 'folder', folder, bytesTotal: await folderBytes(folder), cleanup };
  } catch (err) {
    if (!(err instanceof ArchiveError)) {
      await cleanup();
      throw err;
    }
    await cleanup();
    return { kind: 'failed', reason: err.message, bytesTotal: info.size, cleanup: nothing };
  }
}

/** The folder format a folder holds, from its layout; null when none (its files are imported one by one). */
export function detectFolderFormat(folder: FolderInput): ImportFormat | null {
  if (tacAgentFolders(folder).length) return 'theagentcompany';
  // A run folder as Terminal-Bench / Harbor write it: trajectory.json with metrics.json and verifier/ beside it.
  if (atifRunFolders(folder).length) return 'atif';
  return null;
}
