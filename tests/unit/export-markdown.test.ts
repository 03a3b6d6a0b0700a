import { describe, expect, it } from 'vitest';
import { buildMarkdownExport } from '@/lib/releases/export-markdown';
import type { BankExport, ExportCard } from '@/lib/releases/export-schema';
import { DEMO_FUNCTION_CARDS, DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';

const version = { id: 'v1', number: 1, createdAt: '2026-12-01T00:00:00.000Z' };
const provenance = {} as ExportCard['provenance'];

function release(skills: number, functions: number, banks: string[]): BankExport {
  const cards: ExportCard[] = [
    ...DEMO_SKILL_CARDS.slice(0, skills).map((c, i): ExportCard => ({
      kind: 'SKILL',
      key: `s${i}`,
      ability: banks[i % banks.length],
      apps: c.apps,
      version,
      runtimeText: `skill ${i}`,
      provenance,
      content: c.versions[0],
    })),
    ...DEMO_FUNCTION_CARDS.slice(0, functions).map((c, i): ExportCard => ({
      kind: 'FUNCTION',
      key: `f${i}`,
      ability: null,
      apps: [],
      version,
      runtimeText: `function ${i}`,
      provenance,
      content: c.versions[0],
    })),
  ];
  return {
    format: 'bank-export.v1',
    manifest: {
      release: 'r1',
      note: null,
      createdAt: version.createdAt,
      createdBy: null,
      recipe: null,
      leakOverrideNote: null,
      counts: { skillCards: skills, functionCards: functions, banks },
    },
    cards,
  } as BankExport;
}

describe('Markdown export header', () => {
  it('counts cards and banks in words that agree with the number (no "(s)")', () => {
    expect(buildMarkdownExport(release(1, 1, ['mail']))).toContain(
      'Frozen 2026-12-01: 1 skill card in 1 bank, 1 function card.',
    );
    expect(buildMarkdownExport(release(3, 2, ['mail', 'travel']))).toContain(
      'Frozen 2026-12-01: 3 skill cards in 2 banks, 2 function cards.',
    );
    expect(buildMarkdownExport(release(0, 0, []))).toContain(
      'Frozen 2026-12-01: 0 skill cards in 0 banks, 0 function cards.',
    );
  });
});
