/**
 * The review inbox and the card bank of the bench:api data set, as a team has
 * them after a few weeks of runs: 3,000 cards (two versions each, some retired
 * or merged) and 12,000 proposals from the bench's reflection runs, 1,000 of
 * them still open (pending or invalid), the rest decided. Written in SQL
 * (INSERT … SELECT) once; a second run finds them and skips. SYNTHETIC rows.
 */
import type { PrismaClient } from '@prisma/client';

export const BENCH_CARDS = 3_000;
export const BENCH_PROPOSALS = 12_000;

async function seedCards(prisma: PrismaClient) {
  // Every tenth card is a (global) function card; the rest are skills of the two bench abilities.
  await prisma.$executeRawUnsafe(`
    INSERT INTO "Card" (id, key, kind, ability, apps, tags, title, status, "sizeBytes", "createdAt", "updatedAt")
    SELECT 'bkc' || i,
           CASE WHEN i % 10 = 0 THEN 'function::Shop.bench_fn_' || i ELSE 'skill::skill_bench' || to_hex(i) END,
           (CASE WHEN i % 10 = 0 THEN 'FUNCTION' ELSE 'SKILL' END)::"CardKind",
           CASE WHEN i % 10 = 0 THEN NULL ELSE (ARRAY['retail', 'airline'])[1 + i % 2] END,
           ARRAY['shop'], ARRAY['bench', 'topic' || (i % 30)],
           'Bench card ' || i || ': confirm the order before changing it',
           (CASE WHEN i % 20 = 1 THEN 'RETIRED' WHEN i % 50 = 2 THEN 'MERGED' ELSE 'ACTIVE' END)::"CardStatus",
           600 + (i * 37) % 900, now() - (i % 60) * interval '1 day', now() - i * interval '7 minutes'
    FROM generate_series(0, ${BENCH_CARDS - 1}) i`);
  await prisma.$executeRawUnsafe(`
    INSERT INTO "CardVersion" (id, "cardId", number, content, "parentVersionId", "createdAt")
    SELECT 'bkv' || i || '_' || v, 'bkc' || i, v,
           jsonb_build_object('title', 'Bench card ' || i, 'applies_when', 'the customer asks to change an order', 'steps', jsonb_build_array('Look the order up', 'Confirm the change', 'Apply it')),
           CASE WHEN v = 2 THEN 'bkv' || i || '_1' END, now() - (3 - v) * interval '5 days'
    FROM generate_series(0, ${BENCH_CARDS - 1}) i, generate_series(1, 2) v ORDER BY v`);
  await prisma.$executeRawUnsafe(
    `UPDATE "Card" SET "currentVersionId" = 'bkv' || substr(id, 4) || '_2' WHERE id LIKE 'bkc%'`,
  );
}

async function seedProposals(prisma: PrismaClient) {
  // One in twelve is still open (half pending, half invalid); the others were approved, rejected or superseded.
  await prisma.$executeRawUnsafe(`
    WITH runs AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS c FROM "ReflectionRun")
    INSERT INTO "Proposal" (id, "runId", "cardKind", ability, operation, "targetCardId", "proposedCard", reason, valid, validation, status, "createdAt", "updatedAt")
    SELECT 'bkp' || i, r.id,
           (CASE WHEN i % 10 = 0 THEN 'FUNCTION' ELSE 'SKILL' END)::"CardKind",
           CASE WHEN i % 10 = 0 THEN NULL ELSE (ARRAY['retail', 'airline'])[1 + i % 2] END,
           (ARRAY['ADD_CARD', 'PATCH_CARD', 'MERGE_CARD', 'NARROW_TRIGGER'])[1 + i % 4]::"CardOperation",
           CASE WHEN i % 4 = 0 THEN NULL ELSE 'bkc' || ((i * 7) % ${BENCH_CARDS}) END,
           jsonb_build_object('title', 'Proposed card ' || i, 'applies_when', 'the customer asks about a second order'),
           'Three annotators diagnosed the agent changing the order before the customer confirmed it (checkpoint ' || (i % 5000) || '_1); the card asks for an explicit confirmation first.',
           i % 24 <> 1, CASE WHEN i % 24 = 1 THEN '[{"rule":"schema","path":"title","message":"too long"}]'::jsonb ELSE '[]'::jsonb END,
           (CASE WHEN i % 24 = 0 THEN 'PENDING' WHEN i % 24 = 1 THEN 'INVALID' WHEN i % 3 = 0 THEN 'REJECTED' WHEN i % 11 = 0 THEN 'SUPERSEDED' ELSE 'APPROVED' END)::"ProposalStatus",
           now() - (${BENCH_PROPOSALS} - i) * interval '3 minutes', now()
    FROM generate_series(0, ${BENCH_PROPOSALS - 1}) i JOIN runs r ON r.n = i % r.c`);
  // Targets: the primary card (based on its current version, or on the older one: then the proposal is stale), plus a second card for MERGE.
  await prisma.$executeRawUnsafe(`
    INSERT INTO "ProposalTarget" ("proposalId", "cardId", "baseVersionId", "primary")
    SELECT p.id, p."targetCardId", 'bkv' || substr(p."targetCardId", 4) || CASE WHEN substr(p.id, 4)::int % 5 = 0 THEN '_1' ELSE '_2' END, true
    FROM "Proposal" p WHERE p.id LIKE 'bkp%' AND p."targetCardId" IS NOT NULL`);
  await prisma.$executeRawUnsafe(`
    INSERT INTO "ProposalTarget" ("proposalId", "cardId", "baseVersionId", "primary")
    SELECT p.id, 'bkc' || ((substr(p.id, 4)::int * 7 + 1) % ${BENCH_CARDS}), 'bkv' || ((substr(p.id, 4)::int * 7 + 1) % ${BENCH_CARDS}) || '_2', false
    FROM "Proposal" p WHERE p.id LIKE 'bkp%' AND p.operation = 'MERGE_CARD'`);
}

/** Seeds cards and proposals unless the bench database already holds them. */
export async function ensureReviewData(prisma: PrismaClient, log: (s: string) => void): Promise<void> {
  if ((await prisma.card.count({ where: { id: { startsWith: 'bkc' } } })) < BENCH_CARDS) {
    await prisma.$transaction(async (tx) => seedCards(tx as PrismaClient), { timeout: 300_000 });
    log(`• Seeded ${BENCH_CARDS.toLocaleString('en-US')} cards (two versions each)`);
  }
  if ((await prisma.proposal.count({ where: { id: { startsWith: 'bkp' } } })) < BENCH_PROPOSALS) {
    await prisma.$transaction(async (tx) => seedProposals(tx as PrismaClient), { timeout: 300_000 });
    log(
      `• Seeded ${BENCH_PROPOSALS.toLocaleString('en-US')} proposals (${(BENCH_PROPOSALS / 12).toLocaleString('en-US')} open)`,
    );
  }
}
