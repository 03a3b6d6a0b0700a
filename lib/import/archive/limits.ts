/**
 * How far an uploaded or given archive may unpack (docs/import-archives.md).
 * A zip bomb or a tar of millions of tiny files must fail with a clear reason
 * before it fills the disk or the process's memory; the limits are generous
 * for real benchmark outputs (a TheAgentCompany submission is a few hundred
 * files and well under a gigabyte unpacked).
 */
export type ArchiveLimits = {
  /** Bytes all entries may hold once decompressed, together. */
  maxBytes: number;
  /** Entries (files and folders) an archive may hold. */
  maxEntries: number;
};

export const ARCHIVE_LIMITS: ArchiveLimits = { maxBytes: 2 * 1024 * 1024 * 1024, maxEntries: 20_000 };

/** An archive that cannot be unpacked safely or at all: the import of that file fails with this message. */
export class ArchiveError extends Error {}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function overSize(archive: string, limits: ArchiveLimits): ArchiveError {
  return new ArchiveError(
    `${archive} unpacks to more than ${mb(limits.maxBytes)} (the limit for an archive's decompressed content): it was not imported. Unpack it yourself and import the folder with the command line.`,
  );
}

export function overCount(archive: string, limits: ArchiveLimits): ArchiveError {
  return new ArchiveError(
    `${archive} holds more than ${limits.maxEntries.toLocaleString('en-US')} entries (the limit for one archive): it was not imported.`,
  );
}
