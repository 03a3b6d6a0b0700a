/**
 * Every relative link in the README and docs/ leads somewhere: the file it
 * names exists, and a `#fragment` names a heading of that page (GitHub's
 * slugs: lower case, punctuation dropped, spaces to hyphens).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const pages = [
  'README.md',
  ...readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f)),
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

describe('links in the README and docs/', () => {
  it('finds the pages (so the check below cannot pass on nothing)', () => {
    expect(pages).toContain('README.md');
    expect(pages.length).toBeGreaterThan(2);
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
