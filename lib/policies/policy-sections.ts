/**
 * A policy split into what an annotator cites: its Markdown headings (sections)
 * and, inside each, its paragraphs (blocks between blank lines). Anchors are
 * derived from the text alone (heading slug, paragraph number), so the same
 * policy gives the same anchors on every page and in every diagnosis that cites one.
 */
export type PolicyParagraph = { anchor: string; number: number; text: string };
export type PolicySection = {
  anchor: string;
  title: string;
  /** 1–6 for a Markdown heading; 0 for the text before the first heading. */
  level: number;
  paragraphs: PolicyParagraph[];
};

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const OPENING = 'opening';

export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'section';
}

export function policySections(text: string): PolicySection[] {
  const sections: PolicySection[] = [];
  const used = new Set<string>();
  const unique = (base: string) => {
    let anchor = base;
    for (let i = 2; used.has(anchor); i++) anchor = `${base}-${i}`;
    used.add(anchor);
    return anchor;
  };
  let current: PolicySection | null = null;
  let block: string[] = [];
  const flush = () => {
    const body = block.join('\n').trim();
    block = [];
    if (!body) return;
    if (!current) {
      current = { anchor: unique(OPENING), title: 'Opening', level: 0, paragraphs: [] };
      sections.push(current);
    }
    const number = current.paragraphs.length + 1;
    current.paragraphs.push({ anchor: `${current.anchor}-p${number}`, number, text: body });
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      current = {
        anchor: unique(slugify(heading[2])),
        title: heading[2],
        level: heading[1].length,
        paragraphs: [],
      };
      sections.push(current);
    } else if (!line.trim()) flush();
    else block.push(line);
  }
  flush();
  return sections;
}

/** How a citation reads in a diagnosis: "§ Book flight ¶3", or "§ Book flight" for a whole section. */
export function citationLabel(section: Pick<PolicySection, 'title'>, paragraph?: Pick<PolicyParagraph, 'number'>) {
  return `§ ${section.title}${paragraph ? ` ¶${paragraph.number}` : ''}`;
}
