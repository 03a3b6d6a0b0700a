import type { CardOperation, Prisma } from '@prisma/client';
import { skillCardKey, type SkillCardContent } from '@/lib/cards/card-schemas';
import type { Tx } from '@/lib/db/prisma';
import { DEMO_SKILL_CARDS } from './demo-bank';

/**
 * Pending proposals for the demo inbox, one of each kind a reviewer meets: an
 * ADD, a PATCH, a MERGE, a NARROW_TRIGGER, a stale PATCH (based on a version
 * the card has moved past) and an invalid ADD kept with its reasons. All hang
 * off the seeded mail reflection run, so their evidence leads to the
 * diagnosed trajectories. Written inside the seed's one transaction.
 */
const json = (v: unknown) => v as Prisma.InputJsonValue;

const card = (hex: string) => DEMO_SKILL_CARDS.find((c) => c.hex === hex)!;
const latest = (hex: string) => card(hex).versions.at(-1)!;

function addCard(): SkillCardContent {
  return {
    title: 'Pick the folder before searching',
    applies_when: 'The task names a kind of message that may live outside the inbox, such as sent or archived mail',
    solves: 'Searching only the inbox and missing messages kept in another folder',
    tags: ['folder', 'search', 'sent', 'archive'],
    skill: {
      core_rule:
        'List the folders first and search the folder the task implies; search the inbox only when nothing says otherwise',
      completion_condition: ['The search ran in the folder the task implies'],
      success_contrast: ['A passing run listed the folders before searching'],
      failure_contrast: ['A failing run searched only the inbox'],
      recovery: ['If the inbox search is empty, repeat the search in the other folders'],
      efficiency: [],
    },
    evidence: { observed_feedback: [], state_transition: [], good_examples: [], bad_examples: [] },
    functions_used: ['mail.list_folders', 'mail.search_messages'],
  };
}

export async function seedDemoProposals(tx: Tx, runId: string) {
  const ids = Object.fromEntries(
    (
      await tx.card.findMany({
        where: { key: { in: ['a1f0c3', 'b27d91', 'c3e4a7', 'f6c2d1'].map(skillCardKey) } },
        select: { id: true, key: true, currentVersionId: true, versions: { select: { id: true, number: true } } },
      })
    ).map((c) => [c.key.slice('skill::skill_'.length), c]),
  );
  let index = 100;
  async function propose(p: {
    operation: Exclude<CardOperation, 'NOOP'>;
    proposedCard: unknown;
    /** What the reflection run wrote; the proposed card itself unless the proposal folds in another card. */
    delta?: unknown;
    reason: string;
    targets?: { hex: string; primary: boolean; baseVersion?: number }[];
    invalid?: { rule: string; path: string; message: string }[];
  }) {
    const delta = await tx.skillDelta.create({
      data: { runId, index: index++, content: json(p.delta ?? p.proposedCard), valid: true },
    });
    const targets = (p.targets ?? []).map((t) => {
      const c = ids[t.hex];
      const baseVersionId = t.baseVersion ? c.versions.find((v) => v.number === t.baseVersion)!.id : c.currentVersionId;
      return { cardId: c.id, baseVersionId, primary: t.primary };
    });
    await tx.proposal.create({
      data: {
        runId,
        deltaId: delta.id,
        deltaIndex: delta.index,
        cardKind: 'SKILL',
        ability: 'mail',
        operation: p.operation,
        targetCardId: targets.find((t) => t.primary)?.cardId ?? null,
        proposedCard: json(p.proposedCard),
        reason: p.reason,
        valid: !p.invalid,
        validation: json(p.invalid ?? []),
        status: p.invalid ? 'INVALID' : 'PENDING',
        targets: targets.length ? { create: targets } : undefined,
      },
    });
  }

  /** A PATCH of card `hex` (of its version `baseVersion`, the latest by default) that appends `item` to one skill list. */
  async function proposeAppend(
    target: { hex: string; list: 'recovery' | 'efficiency'; baseVersion?: number },
    item: string,
    reason: string,
  ) {
    const { hex, list, baseVersion } = target;
    const base = baseVersion ? card(hex).versions[baseVersion - 1] : latest(hex);
    const patched = { ...base, skill: { ...base.skill, [list]: [...base.skill[list], item] } };
    await propose({
      operation: 'PATCH_CARD',
      proposedCard: patched,
      reason,
      targets: [{ hex, primary: true, baseVersion }],
    });
  }

  const add = addCard();
  await propose({
    operation: 'ADD_CARD',
    proposedCard: add,
    reason: 'No card of the mail bank is about choosing the folder before a search',
  });

  await proposeAppend(
    { hex: 'a1f0c3', list: 'recovery' },
    'If the page count is unknown, keep requesting the next page until it is empty',
    'Close to the pagination card; adds a recovery step without changing its scope',
  );

  const flags = latest('b27d91');
  const dup = latest('f6c2d1');
  const merged = {
    ...flags,
    tags: ['archive', 'flags', 'bulk', 'exception', 'important'],
    skill: {
      ...flags.skill,
      failure_contrast: [...flags.skill.failure_contrast, ...dup.skill.failure_contrast],
      efficiency: dup.skill.efficiency,
    },
  };
  await propose({
    operation: 'MERGE_CARD',
    proposedCard: merged,
    delta: dup,
    reason: 'Both cards state one rule (read the exception flag before a bulk move); keep the broader one',
    targets: [
      { hex: 'b27d91', primary: true },
      { hex: 'f6c2d1', primary: false },
    ],
  });

  const reply = latest('c3e4a7');
  const narrowed = {
    ...reply,
    applies_when:
      'The task says to reply to or answer a specific message that was received, not to write to someone new',
  };
  await propose({
    operation: 'NARROW_TRIGGER',
    proposedCard: narrowed,
    reason: 'The rule is right, but its trigger also matched tasks that ask for a new message',
    targets: [{ hex: 'c3e4a7', primary: true }],
  });

  // Based on v1 of the pagination card, which has moved on to v2 since: stale.
  await proposeAppend(
    { hex: 'a1f0c3', list: 'efficiency', baseVersion: 1 },
    'Stop paging as soon as a page has no next page marker',
    'Adds an efficiency note to the pagination card',
  );

  const leaky = {
    ...addCard(),
    title: 'Ask the mail admin before deleting',
    solves: 'Deleting without asking; write to admin@example.com first',
  };
  await propose({
    operation: 'ADD_CARD',
    proposedCard: leaky,
    reason: 'No card is about confirming deletions',
    invalid: [{ rule: 'privacy', path: 'new_or_updated_card.solves', message: 'contains email "admin@example.com"' }],
  });
}
