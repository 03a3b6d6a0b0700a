import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportRelease } from '@/lib/releases/export-release';
import { bankExportJsonSchema, bankExportSchema } from '@/lib/releases/export-schema';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { createFunctionCard, createSkillCard, functionContent, skillContent } from '../../helpers/bank-factories';
import { createActor, seedDemoTask, uid } from '../../helpers/factories';

let world: ReturnType<typeof buildWorld> | null = null;
/** One bank and release for the whole file (function card keys are global). */
const releaseWithBank = () => (world ??= buildWorld());

async function buildWorld() {
  const { taskId, trajectories } = await seedDemoTask();
  const provenance = { taskId, trajectoryIds: Object.values(trajectories) };
  const search = await createFunctionCard('mail.search_messages', { content: functionContent('mail.search_messages') });
  await createFunctionCard('mail.unused_tool');
  const paging = await createSkillCard({
    ability: 'mail',
    content: skillContent({
      title: 'Read every page',
      functions_used: ['mail.search_messages', 'mail.not_in_bank'],
      tags: ['pagination', 'search', 'newest'],
    }),
    provenance,
  });
  const related = await createSkillCard({
    ability: 'mail',
    content: skillContent({
      title: 'Search narrowly first',
      functions_used: ['mail.search_messages'],
      tags: ['search', 'narrow', 'query'],
    }),
  });
  const travel = await createSkillCard({
    ability: 'travel',
    apps: ['flights'],
    content: skillContent({ title: 'Ask before paying', tags: ['payment', 'confirm', 'fare'] }),
  });
  const release = await freezeRelease(await createActor('ADMIN'), { name: `exp-${uid()}`, note: 'for export' });
  return { release, search, paging, related, travel, provenance };
}

describe('release export', () => {
  it('exports JSON that validates against the published JSON Schema, with version ids and provenance ids', async () => {
    const w = await releaseWithBank();
    const file = await exportRelease(await createActor('RESEARCHER'), w.release.name, 'json');
    expect(file).toMatchObject({
      fileName: `bank-${w.release.name}.json`,
      contentType: expect.stringContaining('application/json'),
    });
    const doc = JSON.parse(file.body as string);
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(bankExportJsonSchema());
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(() => bankExportSchema.parse(doc)).not.toThrow();
    // The schema is not a rubber stamp: a card without its version id fails.
    const broken = structuredClone(doc);
    delete broken.cards[0].version.id;
    expect(validate(broken)).toBe(false);

    expect(doc.manifest).toMatchObject({
      release: w.release.name,
      note: 'for export',
      counts: { skillCards: 3, functionCards: 2, banks: ['mail', 'travel'] },
    });
    const paging = doc.cards.find((c: { key: string }) => c.key === w.paging.card.key);
    expect(paging.version).toMatchObject({ id: w.paging.version.id, number: 1 });
    expect(paging.provenance).toMatchObject({
      proposalId: w.paging.version.proposalId,
      runId: expect.any(String),
      trajectoryIds: [...w.provenance.trajectoryIds].sort(),
    });
    expect(paging.runtimeText).toMatch(/^Read every page — /);
  });

  it('exports Markdown grouped by bank with only runtime text (no ids)', async () => {
    const w = await releaseWithBank();
    const md = (await exportRelease(await createActor('ADMIN'), w.release.name, 'markdown')).body as string;
    const mail = md.indexOf('## Skill bank: mail');
    const travel = md.indexOf('## Skill bank: travel');
    const fns = md.indexOf('## Function cards');
    expect(mail).toBeGreaterThan(0);
    expect(travel).toBeGreaterThan(mail);
    expect(fns).toBeGreaterThan(travel);
    expect(md.slice(mail, travel)).toContain('Read every page — ');
    expect(md.slice(travel, fns)).toContain('Ask before paying — ');
    expect(md).not.toMatch(/skill::|function::|c[a-z0-9]{24}/);
  });

  it('exports a wiki zip whose links all resolve, with an index router, tool links and related-card links', async () => {
    const w = await releaseWithBank();
    const file = await exportRelease(await createActor('ADMIN'), w.release.name, 'wiki');
    expect(file.contentType).toBe('application/zip');
    const files = unzipSync(file.body as Uint8Array);
    const root = `${w.release.name}/`;
    const pages = new Map(Object.entries(files).map(([p, bytes]) => [p, strFromU8(bytes)]));
    expect(pages.has(`${root}index.md`)).toBe(true);
    let links = 0;
    for (const [p, text] of pages) {
      for (const [, target] of text.matchAll(/\]\(([^)]+)\)/g)) {
        links++;
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(p), target));
        expect(pages.has(resolved), `${p} → ${target}`).toBe(true);
      }
    }
    expect(links).toBeGreaterThan(10);
    const index = pages.get(`${root}index.md`)!;
    for (const title of ['Read every page', 'Search narrowly first', 'Ask before paying', 'mail.search_messages'])
      expect(index).toContain(`[${title}](`);
    const pagingPage = [...pages].find(([, t]) => t.startsWith('# Read every page'))![1];
    expect(pagingPage).toContain('[mail.search_messages](../../functions/mail.search_messages.md)');
    expect(pagingPage).toContain('mail.not_in_bank (no function card in this release)');
    expect(pagingPage).toMatch(/## Related cards\n\n- \[Search narrowly first\]/);
    const fnPage = pages.get(`${root}functions/mail.search_messages.md`)!;
    expect(fnPage).toMatch(/## Used by\n\n(- \[.*\]\(.*\)\n){2}/);
    // Same release → same bytes (file times are the freeze time).
    expect((await exportRelease(await createActor('ADMIN'), w.release.name, 'wiki')).body).toEqual(file.body);
  });

  it('shows HTML in card text as text on the wiki pages, never as markup', async () => {
    const hostile = '<img src=x onerror=alert(1)> & <script>alert(2)</script>';
    await createSkillCard({
      ability: `xss-${uid()}`,
      content: skillContent({
        title: `Escape ${hostile}`,
        applies_when: `a reply contains ${hostile}`,
        tags: ['xss', 'escape', 'html'],
      }),
    });
    const release = await freezeRelease(await createActor('ADMIN'), { name: `xss-${uid()}`, note: 'escaping' });
    const files = unzipSync((await exportRelease(await createActor('ADMIN'), release.name, 'wiki')).body as Uint8Array);
    const text = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(text).not.toMatch(/<img|<script/);
    expect(text).toContain('# Escape &lt;img src=x onerror=alert(1)&gt; &amp; &lt;script&gt;alert(2)&lt;/script&gt;');
    expect(text).toContain('when a reply contains &lt;img');
  });

  it('is for reviewers, researchers and admins, names the unknown format, and 404s an unknown release', async () => {
    const w = await releaseWithBank();
    // Reviewers read every release card through the API already; the export is the same cards as a file.
    await expect(exportRelease(await createActor('REVIEWER'), w.release.name, 'json')).resolves.toBeTruthy();
    await expect(exportRelease(await createActor('ANNOTATOR'), w.release.name, 'json')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(exportRelease(await createActor('ADMIN'), w.release.name, 'pdf')).rejects.toThrow(
      /json.*markdown.*wiki/,
    );
    await expect(exportRelease(await createActor('ADMIN'), w.release.name, 'pdf')).rejects.toMatchObject({
      issues: [{ path: ['format'] }],
    });
    await expect(exportRelease(await createActor('ADMIN'), 'missing', 'json')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
