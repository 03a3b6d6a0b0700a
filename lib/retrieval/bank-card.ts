import {
  functionCardSchema,
  skillCardSchema,
  type FunctionCardContent,
  type SkillCardContent,
} from '@/lib/cards/card-schemas';

/**
 * One card as retrieval sees it: the version in force for a bank revision
 * (the current bank, or a frozen release) with the bank and apps it belongs to.
 */
type BankCardBase = {
  cardId: string;
  key: string;
  ability: string | null;
  apps: string[];
  versionId: string;
  versionNumber: number;
};
export type SkillBankCard = BankCardBase & { kind: 'SKILL'; content: SkillCardContent };
export type FunctionBankCard = BankCardBase & { kind: 'FUNCTION'; content: FunctionCardContent };
export type BankCard = SkillBankCard | FunctionBankCard;

export type BankCardRow = BankCardBase & { kind: 'SKILL' | 'FUNCTION'; content: unknown };

/**
 * Parses stored version content. A version that no longer parses (a schema
 * tightened after it was approved) is skipped, never half-rendered; callers
 * get the skipped keys so they can say so.
 */
export function parseBankCards(rows: BankCardRow[]): { cards: BankCard[]; skipped: string[] } {
  const cards: BankCard[] = [];
  const skipped: string[] = [];
  for (const r of rows) {
    if (r.kind === 'SKILL') {
      const p = skillCardSchema.safeParse(r.content);
      if (p.success) cards.push({ ...r, kind: 'SKILL', content: p.data });
      else skipped.push(r.key);
    } else {
      const p = functionCardSchema.safeParse(r.content);
      if (p.success) cards.push({ ...r, kind: 'FUNCTION', content: p.data });
      else skipped.push(r.key);
    }
  }
  return { cards, skipped };
}
