import type { CardKind, CardStatus, Prisma } from '@prisma/client';
import { z } from 'zod';

/** What every view of a card shows about it: the bank list row and the card page both start from this. */
export type CardSummary = {
  id: string;
  key: string;
  kind: CardKind;
  ability: string | null;
  apps: string[];
  tags: string[];
  title: string;
  status: CardStatus;
};

/** The filters that pick a bank (skill cards of an ability, or function cards): the bank browser's and the review inbox's. */
export const bankFilterShape = {
  kind: z.enum(['SKILL', 'FUNCTION']).optional(),
  ability: z.string().min(1).optional(),
};

/** A version's place in its card's history, selected the same way by the card page and the version page. */
export const versionMetaSelect = {
  number: true,
  createdAt: true,
  note: true,
  parentVersion: { select: { number: true } },
  createdBy: { select: { name: true } },
} satisfies Prisma.CardVersionSelect;

type VersionMetaRow = {
  number: number;
  createdAt: Date;
  note: string | null;
  parentVersion: { number: number } | null;
  createdBy: { name: string } | null;
};

export function versionMeta(v: VersionMetaRow): {
  number: number;
  parentNumber: number | null;
  createdAt: string;
  createdBy: string | null;
  note: string | null;
} {
  return {
    number: v.number,
    parentNumber: v.parentVersion?.number ?? null,
    createdAt: v.createdAt.toISOString(),
    createdBy: v.createdBy?.name ?? null,
    note: v.note,
  };
}
