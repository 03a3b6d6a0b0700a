import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { pack } from 'tar-stream';
import { describe, expect, it, vi } from 'vitest';
import { prepareInput } from '@/lib/import/import-input';
import { importFile } from '@/lib/import/run-import';
import { cli } from '../../helpers/import-files';

const tmp = (p: string) => mkdtempSync(path.join(os.tmpdir(), p));

function write(name: string, bytes: Uint8Array): string {
  const file = path.join(tmp('archive-'), name);
  writeFileSync(file, bytes);
  return file;
}

async function tarGz(entries: { name: string; type?: 'file' | 'symlink'; body?: string; linkname?: string }[]) {
  const p = pack();
  const chunks: Buffer[] = [];
  p.on('data', (c: unknown) => chunks.push(c as Buffer));
  const done = new Promise<void>((r) => p.on('end', () => r()));
  for (const e of entries)
    if (e.type === 'symlink') p.entry({ name: e.name, type: 'symlink', linkname: e.linkname });
    else p.entry({ name: e.name }, e.body ?? '');
  p.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

const events = JSON.stringify([
  { id: 0, source: 'user', action: 'message', args: { content: 'hi' } },
  { id: 1, source: 'agent', action: 'finish', args: {}, message: 'bye' },
]);

/** Prepares with small limits under a spool root of its own, so what is left behind can be seen. */
async function prepared(file: string, limits = { maxBytes: 1024 * 1024, maxEntries: 10 }) {
  const spool = tmp('spool-');
  const input = await prepareInput(file, path.basename(file), limits, spool);
  await input.cleanup();
  return { input, left: readdirSync(spool) };
}

describe('archives are unpacked within bounds', () => {
  it('refuses a zip bomb by its decompressed size and leaves nothing behind', async () => {
    const bomb = write('bomb.zip', zipSync({ 'results/eval_x.json': new Uint8Array(8 * 1024 * 1024) }, { level: 9 }));
    const { input, left } = await prepared(bomb);
    expect(input).toMatchObject({ kind: 'failed', reason: expect.stringContaining('unpacks to more than 1.0 MB') });
    expect(left).toEqual([]);
  });

  it('refuses an archive with more entries than the limit', async () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.json`, new Uint8Array(1)]));
    const { input } = await prepared(write('many.zip', zipSync(many)));
    expect(input).toMatchObject({ kind: 'failed', reason: expect.stringContaining('more than 10 entries') });
  });

  it('bounds a folder zip by the same limits as an Inspect .eval, IMPORT_ARCHIVE_MAX_ENTRIES and _MB', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 4 }, (_, i) => [`results/eval_t${i}.json`, new Uint8Array(1)]),
    );
    vi.stubEnv('IMPORT_ARCHIVE_MAX_ENTRIES', '3');
    try {
      const report = await importFile({ ...cli, filePath: write('many.zip', zipSync(many)) });
      expect(report).toMatchObject({ status: 'FAILED', error: expect.stringContaining('holds more than 3 entries') });
      vi.stubEnv('IMPORT_ARCHIVE_MAX_ENTRIES', '10');
      vi.stubEnv('IMPORT_ARCHIVE_MAX_MB', '1');
      const bomb = zipSync({ 'results/eval_x.json': new Uint8Array(2 * 1024 * 1024) }, { level: 9 });
      const big = await importFile({ ...cli, filePath: write('big.zip', bomb) });
      expect(big).toMatchObject({
        status: 'FAILED',
        error: expect.stringContaining(
          "unpacks to more than 1.0 MB (the limit for an archive's decompressed content, IMPORT_ARCHIVE_MAX_MB; reached in entry results/eval_x.json)",
        ),
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses entries that leave their folder (zip .., tar absolute path) and links, writing nothing outside', async () => {
    const root = tmp('outside-');
    const zip = await prepared(
      write('evil.zip', zipSync({ 'ok.json': new Uint8Array(2), '../evil.json': new Uint8Array(2) })),
    );
    expect(zip.input).toMatchObject({
      kind: 'failed',
      reason: expect.stringContaining('"../evil.json" leaves its folder'),
    });
    expect(zip.left).toEqual([]);
    const abs = await prepared(write('abs.tar.gz', await tarGz([{ name: '/tmp/evil.json', body: '{}' }])));
    expect(abs.input).toMatchObject({ kind: 'failed', reason: expect.stringContaining('is an absolute path') });
    const link = await prepared(
      write('link.tar.gz', await tarGz([{ name: 'results', type: 'symlink', linkname: root }])),
    );
    expect(link.input).toMatchObject({ kind: 'failed', reason: expect.stringContaining('is a link') });
    expect(existsSync(path.join(root, 'evil.json'))).toBe(false);
  });

  it('fails a truncated .gz with its reason, and imports a whole .json.gz as what it holds', async () => {
    const whole = gzipSync(events);
    const cut = write('traj_task.json.gz', whole.subarray(0, whole.length - 12));
    const failed = await importFile({ ...cli, filePath: cut });
    expect(failed).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/traj_task\.json\.gz is not a readable gzip file \(it is truncated\)/),
    });

    const ok = await importFile({ ...cli, filePath: write('traj_task.json.gz', whole), model: 'm-1' });
    expect(ok).toMatchObject({ status: 'SUCCEEDED', format: 'openhands', importedCount: 1 });
  });

  it('imports a .tar.gz of a folder and reports a folder in no folder format clearly', async () => {
    const plain = await importFile({
      ...cli,
      filePath: write('plain.tar.gz', await tarGz([{ name: 'a/x.txt', body: 'x' }])),
    });
    expect(plain).toMatchObject({
      status: 'FAILED',
      error: expect.stringContaining('in no folder format the console reads'),
    });
  });
});
