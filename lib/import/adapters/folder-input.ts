import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/**
 * A multi-file input (a folder given to the CLI, or an unpacked archive): its
 * root and every regular file under it as a sorted relative `/` path. An
 * adapter for a folder format reads the paths it knows and ignores the rest.
 */
export type FolderInput = { root: string; files: string[] };

export async function listFolder(root: string): Promise<FolderInput> {
  const files: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      // Symlinks are not followed: a folder's content is what is in it.
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), rel);
      else if (entry.isFile()) files.push(rel);
    }
  };
  await walk(root, '');
  return { root, files };
}

export async function folderBytes(folder: FolderInput): Promise<number> {
  let n = 0;
  for (const f of folder.files) n += (await stat(path.join(folder.root, f))).size;
  return n;
}

/** A gzipped file inside a folder is read whole, so it is bounded apart from the archive limits. */
export const MAX_GZ_FILE_BYTES = 512 * 1024 * 1024;

/** A file's text; `.gz` files are decompressed, and a truncated one fails with a reason naming it. */
export async function readFolderText(folder: FolderInput, rel: string): Promise<string> {
  const raw = await readFile(path.join(folder.root, rel));
  if (!/\.gz$/i.test(rel)) return raw.toString('utf8');
  try {
    return (await promisify(gunzip)(raw, { maxOutputLength: MAX_GZ_FILE_BYTES })).toString('utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'Z_BUF_ERROR'
        ? `${rel} is a truncated gzip file`
        : code === 'ERR_BUFFER_TOO_LARGE'
          ? `${rel} unpacks to more than ${MAX_GZ_FILE_BYTES / 1024 / 1024} MB`
          : `${rel} is not a readable gzip file (${(err as Error).message})`,
    );
  }
}

/** Agent folders of TheAgentCompany: any folder (the root too) holding `results/eval_<task>.json`. */
export function tacAgentFolders(folder: FolderInput): string[] {
  const out = new Set<string>();
  for (const f of folder.files) {
    const m = /^(?:(.*)\/)?results\/eval_[^/]+\.json$/.exec(f);
    if (m) out.add(m[1] ?? '');
  }
  return [...out].sort();
}
