/**
 * Every relative link in the README, docs/ and the folder READMEs of lib/ and
 * components/ leads somewhere: the file it names exists, and a `#fragment`
 * names a heading of that page (GitHub's slugs: lower case, punctuation
 * dropped, spaces to hyphens). A folder README links the files it calls its
 * entry points, so renaming one without updating the README fails here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const markdownUnder = (dir: string, name?: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => (name ? path.basename(f) === name : f.endsWith('.md')))
    .map((f) => path.join(dir, f));

const pages = [
  'README.md',
  ...markdownUnder('docs'),
  ...markdownUnder('lib', 'README.md'),
  ...markdownUnder('components', 'README.md'),
];

function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1])));
}

function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
}

describe('links in the README, docs/ and the folder READMEs', () => {
  it('finds the pages (so the check below cannot pass on nothing)', () => {
    expect(pages).toContain('README.md');
    expect(pages).toContain(path.join('docs', 'development.md'));
    expect(pages).toContain(path.join('lib', 'review', 'README.md'));
    expect(pages).toContain(path.join('components', 'ui', 'README.md'));
  });

  it('lead to files that exist and headings that exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const link of linksOf(page)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // http(s):, mailto: — not checked offline
        const [target, fragment] = link.split('#');
        const file = target ? path.normalize(path.join(path.dirname(page), decodeURIComponent(target))) : page;
        if (!existsSync(file)) {
          broken.push(`${page}: ${link} (no such file)`);
          continue;
        }
        if (fragment && statSync(file).isFile() && file.endsWith('.md') && !anchorsOf(file).has(fragment))
          broken.push(`${page}: ${link} (no heading #${fragment} in ${file})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
