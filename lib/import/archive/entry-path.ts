import path from 'node:path';
import { ArchiveError } from './limits';

/**
 * The relative path an archive entry may be written to, or an error naming
 * the entry: absolute paths, drive letters and `..` segments are refused
 * outright (never silently rewritten), so nothing lands outside the import's
 * own folder whatever the archive says.
 */
export function safeEntryPath(archive: string, name: string): string {
  const refuse = (why: string) =>
    new ArchiveError(`${archive}: entry "${name.slice(0, 200)}" ${why}; the archive was not imported.`);
  if (name.includes('\0')) throw refuse('has a NUL character in its name');
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed)) throw refuse('is an absolute path');
  const parts = slashed.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw refuse('leaves its folder (a ".." in its path)');
  return parts.join('/');
}

/** The full path of a checked entry under `root`, checked once more after resolution. */
export function entryTarget(root: string, relative: string): string {
  const target = path.resolve(root, relative);
  if (target !== root && !target.startsWith(root + path.sep))
    throw new ArchiveError(`entry "${relative}" resolves outside the import's folder`);
  return target;
}
