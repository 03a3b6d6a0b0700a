import { strToU8, zipSync, type Zippable } from 'fflate';
import type { BankExport, ExportCard } from './export-schema';
import { markdownCode, markdownText as md } from '@/lib/text/markdown-text';
import { bankLabel, functionCards, skillBanks } from './export-markdown';

type Skill = Extract<ExportCard, { kind: 'SKILL' }>;
type Fn = Extract<ExportCard, { kind: 'FUNCTION' }>;

/**
 * Wiki export: an interlinked folder of Markdown pages, the page-based memory
 * representation agents navigate. `index.md` routes by trigger ("when …") to
 * one page per skill card; skill pages link to the function cards they use and
 * to related cards of their bank (shared functions or tags); function pages
 * link back to the skills that use them. Every link is relative and resolves
 * inside the folder (tested). Those are the only links: every piece of card text goes through
 * markdownText, so rendered anywhere it is that text, never HTML or a link of its own.
 */
const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_');
const slug = (key: string) => safe(key.includes('::') ? key.slice(key.indexOf('::') + 2) : key);
const skillPath = (c: Skill) => `skills/${safe(bankLabel(c.ability))}/${slug(c.key)}.md`;
const functionPath = (c: Fn) => `functions/${slug(c.key)}.md`;

/** Relative link from one page to another (both paths relative to the wiki root). */
export function relativeLink(from: string, to: string): string {
  const up = from.split('/').length - 1;
  return `${'../'.repeat(up)}${to}`;
}

/** A section of bullets; `items` are Markdown already (links built here around escaped text). */
const bulletLines = (label: string, items: readonly string[] | undefined) =>
  items?.length ? [`## ${label}`, '', ...items.map((i) => `- ${i}`), ''] : [];
/** A section of bullets of card text. */
const bullets = (label: string, items: readonly string[] | undefined) => bulletLines(label, items?.map(md));

function related(card: Skill, bank: Skill[]): Skill[] {
  const fns = new Set(card.content.functions_used);
  const tags = new Set(card.content.tags);
  return bank
    .filter((o) => o.key !== card.key)
    .map((o) => ({
      o,
      score:
        2 * o.content.functions_used.filter((f) => fns.has(f)).length +
        o.content.tags.filter((t) => tags.has(t)).length,
    }))
    .filter((x) => x.score >= 2)
    .sort((a, b) => b.score - a.score || (a.o.key < b.o.key ? -1 : 1))
    .slice(0, 5)
    .map((x) => x.o);
}

function skillPage(c: Skill, bank: Skill[], fnByTool: Map<string, Fn>): string {
  const here = skillPath(c);
  const s = c.content.skill;
  const tools = c.content.functions_used.map((t) => {
    const fn = fnByTool.get(t);
    return fn ? `[${md(t)}](${relativeLink(here, functionPath(fn))})` : `${md(t)} (no function card in this release)`;
  });
  const rel = related(c, bank).map(
    (o) => `[${md(o.content.title)}](${relativeLink(here, skillPath(o))}) — when ${md(o.content.applies_when)}`,
  );
  return [
    `# ${md(c.content.title)}`,
    '',
    `[Index](${relativeLink(here, 'index.md')}) · [Bank ${md(bankLabel(c.ability))}](${relativeLink(here, `skills/${safe(bankLabel(c.ability))}/index.md`)})`,
    '',
    `**When:** ${md(c.content.applies_when)}`,
    '',
    `**Solves:** ${md(c.content.solves)}`,
    '',
    `**Rule:** ${md(s.core_rule)}`,
    '',
    '## Runtime text',
    '',
    md(c.runtimeText),
    '',
    ...bullets('Done when', s.completion_condition),
    ...bullets('What worked', s.success_contrast),
    ...bullets('Pitfalls', s.failure_contrast),
    ...bullets('Recovery', s.recovery),
    ...bullets('Efficiency', s.efficiency),
    ...bullets('Procedure', s.procedure_sketch),
    ...bulletLines('Tools', tools),
    ...bulletLines('Related cards', rel),
    `Tags: ${md(c.content.tags.join(', '))}`,
    '',
  ].join('\n');
}

function functionPage(c: Fn, users: Skill[]): string {
  const here = functionPath(c);
  const f = c.content;
  return [
    `# ${md(f.tool)}`,
    '',
    `[Index](${relativeLink(here, 'index.md')}) · [All function cards](${relativeLink(here, 'functions/index.md')})`,
    '',
    md(f.what_it_does),
    '',
    ...bulletLines(
      'Arguments',
      f.arguments.map((a) => `${markdownCode(a.name)}: ${md(a.meaning)} (${md(a.value_form)})`),
    ),
    `**Returns:** ${md(f.returns)}`,
    '',
    ...bullets('Usage rules', f.usage_rules),
    ...bullets('Common mistakes', f.common_mistakes),
    ...bullets('Side effects', f.side_effects),
    ...bulletLines(
      'Used by',
      users.map((u) => `[${md(u.content.title)}](${relativeLink(here, skillPath(u))})`),
    ),
  ].join('\n');
}

/** The wiki pages by path (relative to the wiki root). */
export function buildWikiPages(doc: BankExport): Map<string, string> {
  const pages = new Map<string, string>();
  const banks = skillBanks(doc);
  const fns = functionCards(doc);
  const fnByTool = new Map(fns.map((f) => [f.content.tool, f]));
  const index = [
    `# Memory bank ${md(doc.manifest.release)}`,
    '',
    'Start here. Open the skill whose "when" matches what you observe; each skill page links to the tools it uses and to related skills.',
    '',
  ];
  for (const [bank, cards] of banks) {
    const bankIndex = `skills/${safe(bank)}/index.md`;
    index.push(
      `## Skill bank: [${md(bank)}](${bankIndex})`,
      '',
      ...cards.map((c) => `- [${md(c.content.title)}](${skillPath(c)}) — when ${md(c.content.applies_when)}`),
      '',
    );
    pages.set(
      bankIndex,
      [
        `# Skill bank ${md(bank)}`,
        '',
        `[Index](${relativeLink(bankIndex, 'index.md')})`,
        '',
        ...cards.map(
          (c) =>
            `- [${md(c.content.title)}](${relativeLink(bankIndex, skillPath(c))}) — when ${md(c.content.applies_when)}`,
        ),
        '',
      ].join('\n'),
    );
    for (const c of cards) pages.set(skillPath(c), skillPage(c, cards, fnByTool));
  }
  if (fns.length) {
    index.push(
      '## [Function cards](functions/index.md)',
      '',
      ...fns.map((f) => `- [${md(f.content.tool)}](${functionPath(f)}) — ${md(f.content.what_it_does)}`),
      '',
    );
    pages.set(
      'functions/index.md',
      [
        '# Function cards',
        '',
        `[Index](../index.md)`,
        '',
        ...fns.map((f) => `- [${md(f.content.tool)}](${relativeLink('functions/index.md', functionPath(f))})`),
        '',
      ].join('\n'),
    );
    const skills = [...banks.values()].flat();
    for (const f of fns)
      pages.set(
        functionPath(f),
        functionPage(
          f,
          skills.filter((s) => s.content.functions_used.includes(f.content.tool)),
        ),
      );
  }
  pages.set('index.md', index.join('\n'));
  return pages;
}

/** The wiki as a zip with one top folder named after the release; file times are the freeze time (same release → same bytes). */
export function buildWikiZip(doc: BankExport): Uint8Array {
  const root = safe(doc.manifest.release);
  const files: Zippable = {};
  for (const [p, text] of [...buildWikiPages(doc)].sort(([a], [b]) => (a < b ? -1 : 1)))
    files[`${root}/${p}`] = strToU8(text);
  return zipSync(files, { level: 6, mtime: new Date(doc.manifest.createdAt) });
}
