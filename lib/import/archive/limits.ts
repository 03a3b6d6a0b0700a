import { setting } from '@/lib/env';

/**
 * How far an archive may unpack (docs/import-archives.md): a `.zip` or
 * `.tar.gz` of a folder, a `.gz` file and an Inspect `.eval` log alike, one
 * set of limits. A zip bomb or a tar of millions of tiny files must fail with
 * a clear reason before it fills the disk or the process's memory; the
 * defaults are generous for real benchmark outputs (a TheAgentCompany
 * submission is a few hundred files and well under a gigabyte unpacked).
 */
export type ArchiveLimits = {
  /** Bytes all entries may hold once decompressed, together. */
  maxBytes: number;
  /** Entries (files and folders) an archive may hold. */
  maxEntries: number;
};

/** The limits in force: IMPORT_ARCHIVE_MAX_MB and IMPORT_ARCHIVE_MAX_ENTRIES (lib/env.ts), read at each import. */
export function archiveLimits(): ArchiveLimits {
  return {
    maxBytes: setting('IMPORT_ARCHIVE_MAX_MB') * 1024 * 1024,
    maxEntries: setting('IMPORT_ARCHIVE_MAX_ENTRIES'),
  };
}

/** An archive that cannot be unpacked safely or at all: the import of that file fails with this message. */
export class ArchiveError extends Error {}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function overSize(archive: string, limits: ArchiveLimits, entry?: string): ArchiveError {
  const where = entry ? `; reached in entry ${entry}` : '';
  return new ArchiveError(
    `${archive} unpacks to more than ${mb(limits.maxBytes)} (the limit for an archive's decompressed content, IMPORT_ARCHIVE_MAX_MB${where}): it was not imported.`,
  );
}

export function overCount(archive: string, limits: ArchiveLimits): ArchiveError {
  return new ArchiveError(
    `${archive} holds more than ${limits.maxEntries.toLocaleString('en-US')} entries (the limit for one archive, IMPORT_ARCHIVE_MAX_ENTRIES): it was not imported.`,
  );
}
