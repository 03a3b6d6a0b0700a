import { markdownText as md } from '@/lib/text/markdown-text';
import { plural } from '@/lib/text/plural';
import type { BankExport, ExportCard } from './export-schema';

/**
 * Markdown export: the renderer's runtime text of every card, grouped by
 * skill bank, then the function cards. Only card content (no ids, scores or
 * provenance), so it can be pasted into an agent's prompt or docs as is.
 * Every piece of card or release text goes through markdownText: rendered anywhere, it is
 * that text, never HTML or a link.
 */
export function bankLabel(ability: string | null): string {
  return ability ?? 'unlabeled';
}

export function skillBanks(doc: BankExport): Map<string, Extract<ExportCard, { kind: 'SKILL' }>[]> {
  const banks = new Map<string, Extract<ExportCard, { kind: 'SKILL' }>[]>();
  for (const c of doc.cards) {
    if (c.kind !== 'SKILL') continue;
    const b = bankLabel(c.ability);
    banks.set(b, [...(banks.get(b) ?? []), c]);
  }
  return new Map([...banks].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function functionCards(doc: BankExport): Extract<ExportCard, { kind: 'FUNCTION' }>[] {
  return doc.cards.filter((c): c is Extract<ExportCard, { kind: 'FUNCTION' }> => c.kind === 'FUNCTION');
}

export function buildMarkdownExport(doc: BankExport): string {
  const m = doc.manifest;
  const out = [`# Memory bank release ${md(m.release)}`, ''];
  if (m.note) out.push(`> ${md(m.note).replace(/\n/g, '\n> ')}`, '');
  out.push(
    `Frozen ${m.createdAt.slice(0, 10)}: ${plural(m.counts.skillCards, 'skill card')} in ${plural(m.counts.banks.length, 'bank')}, ${plural(m.counts.functionCards, 'function card')}.`,
    '',
  );
  for (const [bank, cards] of skillBanks(doc)) {
    out.push(`## Skill bank: ${md(bank)}`, '');
    for (const c of cards) out.push(`### ${md(c.content.title)}`, '', md(c.runtimeText), '');
  }
  const fns = functionCards(doc);
  if (fns.length) {
    out.push('## Function cards', '');
    for (const c of fns) out.push(`### ${md(c.content.tool)}`, '', md(c.runtimeText), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
