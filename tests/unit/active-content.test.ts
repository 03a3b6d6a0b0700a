import { micromark } from 'micromark';
import { describe, expect, it } from 'vitest';
import { findActiveContent } from '@/lib/cards/active-content';
import { buildMarkdownExport } from '@/lib/releases/export-markdown';
import type { BankExport, ExportCard } from '@/lib/releases/export-schema';
import { buildWikiPages } from '@/lib/releases/export-wiki';
import { DEMO_FUNCTION_CARDS, DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { markdownText } from '@/lib/text/markdown-text';
import { ACTIVE_CONTENT_PAYLOADS, PLAIN_CARD_TEXT } from '../helpers/active-content-payloads';

describe('active content in card text', () => {
  it('is found in every payload of the list', () => {
    for (const p of ACTIVE_CONTENT_PAYLOADS) expect(findActiveContent(p), JSON.stringify(p)).not.toEqual([]);
  });

  it('is not found in plain card text (placeholders, comparisons, arrows, brackets, "data:")', () => {
    for (const p of PLAIN_CARD_TEXT) expect(findActiveContent(p), p).toEqual([]);
  });

  it('names what it found', () => {
    expect(findActiveContent('[x](JaVa\tScript:alert(1))')).toContainEqual(
      expect.objectContaining({ what: 'a javascript: link' }),
    );
    expect(findActiveContent('<img src=x onerror=alert(1)>')).toContainEqual({ what: 'HTML markup', text: '<img' });
  });
});

/**
 * The exports rendered by a permissive renderer (raw HTML and every link scheme allowed, as
 * many renderers do), so what would run is what a reader would get.
 */
const render = (markdown: string) => micromark(markdown, { allowDangerousHtml: true, allowDangerousProtocol: true });

/** What in rendered HTML could run or load: any element but the few Markdown makes, handlers, non-http(s) targets. */
function activeParts(html: string): string[] {
  const parts: string[] = [];
  for (const m of html.matchAll(/<\/?([a-z][a-z0-9]*)/gi))
    if (!/^(?:h[1-6]|p|a|ul|ol|li|strong|em|code|blockquote|hr|br)$/i.test(m[1])) parts.push(m[0]);
  const tags = [...html.matchAll(/<[^>]+>/g)].map((m) => m[0]);
  for (const tag of tags) {
    for (const m of tag.matchAll(/\son[a-z]+\s*=/gi)) parts.push(m[0]);
    for (const m of tag.matchAll(/\s(?:href|src)="([^"]*)"/gi))
      if (/^[a-z][a-z0-9+.-]*:/i.test(m[1]) && !/^https?:/i.test(m[1])) parts.push(m[0]);
  }
  return parts;
}

/** The rendered HTML's text, as a reader sees it. */
const shownText = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const version = { id: 'v1', number: 1, createdAt: '2026-12-01T00:00:00.000Z' };

/** A release whose one skill card and one function card carry `text` in every field a page shows. */
function releaseWith(text: string): BankExport {
  const skill = DEMO_SKILL_CARDS[0].versions[0];
  const fn = DEMO_FUNCTION_CARDS[0].versions[0];
  const cards: ExportCard[] = [
    {
      kind: 'SKILL',
      key: 'skill::hostile',
      ability: text,
      apps: [],
      version,
      runtimeText: text,
      provenance: {} as ExportCard['provenance'],
      content: {
        ...skill,
        title: text,
        applies_when: text,
        solves: text,
        functions_used: [fn.tool],
        tags: [text],
        skill: { ...skill.skill, core_rule: text, success_contrast: [text], failure_contrast: [text] },
      },
    } as ExportCard,
    {
      kind: 'FUNCTION',
      key: 'function::hostile',
      ability: null,
      apps: [],
      version,
      runtimeText: text,
      provenance: {} as ExportCard['provenance'],
      content: {
        ...fn,
        what_it_does: text,
        returns: text,
        usage_rules: [text],
        arguments: [{ name: text, meaning: text, value_form: text }],
      },
    } as ExportCard,
  ];
  return {
    format: 'bank-export.v1',
    manifest: {
      release: 'r1',
      note: text,
      createdAt: version.createdAt,
      createdBy: null,
      recipe: null,
      leakOverrideNote: null,
      counts: { skillCards: 1, functionCards: 1, banks: [text] },
    },
    cards,
  } as BankExport;
}

describe('the Markdown and wiki exports of card text carrying active content', () => {
  it('render every payload as its text: no element, handler or script link survives', () => {
    for (const p of ACTIVE_CONTENT_PAYLOADS) {
      const doc = releaseWith(p);
      const files: [string, string][] = [['bank.md', buildMarkdownExport(doc)], ...buildWikiPages(doc)];
      for (const [name, markdown] of files) {
        const html = render(markdown);
        expect(activeParts(html), `${name}: ${JSON.stringify(p)}`).toEqual([]);
      }
    }
  });

  it('keep every payload’s text readable: escaped, not dropped', () => {
    for (const p of [...ACTIVE_CONTENT_PAYLOADS, ...PLAIN_CARD_TEXT]) {
      // One line of text, as a card field that is shown in a paragraph.
      // (A code span's backticks are markup, not text.)
      const line = p.replace(/\s+/g, ' ').replace(/\u0000/g, '\ufffd');
      expect(shownText(render(markdownText(line))).trim(), JSON.stringify(p)).toBe(line.replace(/`/g, '').trim());
    }
  });

  it('keep the links the wiki writes itself, relative inside the folder', () => {
    const pages = buildWikiPages(releaseWith('Plain title'));
    const html = render(pages.get('index.md')!);
    expect(html).toMatch(/<a href="skills\/[^"]+\.md">Plain title<\/a>/);
  });
});
