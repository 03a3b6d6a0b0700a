/**
 * What bench:screens adds to the bench:api data set (bench-seed.ts) for the
 * screens its other seeds leave small: a second annotator's diagnosis on each
 * checkpoint the bench annotator diagnosed (a third of them in another
 * category), so the agreement page and the disagreements list read 10,000
 * double-diagnosed checkpoints; and a bank of 3,000 cards whose content parses
 * (the synthetic bank of bench:retrieval), frozen twice with a tenth of the
 * cards revised and a few retired in between, so a release diff compares two
 * releases of ~2,900 cards. Written once; a second run finds it and skips. SYNTHETIC rows.
 */
import { Prisma, type PrismaClient } from '@prisma/client';
import { listFieldsOf } from '@/lib/cards/append-version';
import { recountPendingWhere } from '@/lib/queue/overlap';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { BENCH_DIAGNOSED_BENCHMARK } from './bench-seed-annotation';
import { syntheticBank } from './synthetic-bank';

export const SCREENS_RELEASES = ['bench-screens-1', 'bench-screens-2'] as const;
const CARDS = 3_000;

async function seedSecondOpinions(prisma: PrismaClient) {
  const first = await prisma.user.findUniqueOrThrow({ where: { email: 'annotator@bench.local' } });
  const second = await prisma.user.upsert({
    where: { email: 'annotator2@bench.local' },
    update: {},
    create: {
      email: 'annotator2@bench.local',
      name: 'Bench Annotator 2',
      role: 'ANNOTATOR',
      passwordHash: first.passwordHash,
    },
  });
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`
      INSERT INTO "Diagnosis" (id, "trajectoryId", "checkpointResultId", "authorId", "categoryId", "eventStart", "eventEnd",
                               "whatWentWrong", "whatShouldHaveHappened", confidence, status, "submittedAt", "createdAt", "updatedAt")
      SELECT 'bks' || d.id, d."trajectoryId", d."checkpointResultId", ${second.id},
             CASE WHEN abs(hashtext(d.id)) % 3 = 0 THEN (SELECT id FROM "FailureCategory" WHERE id <> d."categoryId" ORDER BY key LIMIT 1) ELSE d."categoryId" END,
             2, 3, 'Said pending; the tool result said shipped.', 'Report the status the tool returned.', 3, 'SUBMITTED', d."submittedAt", d."createdAt", d."updatedAt"
      FROM "Diagnosis" d WHERE d."authorId" = ${first.id} AND d.status = 'SUBMITTED'`;
      await recountPendingWhere(tx, Prisma.sql`k."benchmark" = ${BENCH_DIAGNOSED_BENCHMARK}`);
    },
    { timeout: 600_000 },
  );
}

/** Each step skips what an earlier (interrupted) run already wrote. */
async function seedBankAndReleases(prisma: PrismaClient) {
  const cards = syntheticBank().slice(0, CARDS);
  if ((await prisma.card.count({ where: { id: { startsWith: 'bsc' } } })) < CARDS) {
    for (let i = 0; i < cards.length; i += 1000) {
      const chunk = cards.slice(i, i + 1000);
      await prisma.card.createMany({
        data: chunk.map((c) => ({
          id: `bsc${c.cardId}`,
          key: `screens-${c.key}`,
          kind: c.kind,
          ability: c.ability,
          apps: c.apps,
          ...listFieldsOf(c.kind, c.content),
        })),
      });
      await prisma.cardVersion.createMany({
        data: chunk.map((c) => ({
          id: `bsv${c.versionId}`,
          cardId: `bsc${c.cardId}`,
          number: 1,
          content: c.content,
          createdAt: new Date(Date.now() - 20 * 86_400_000),
        })),
      });
    }
  }
  // Each card's newest version is its current one.
  const setCurrent = () => prisma.$executeRaw`
    UPDATE "Card" c SET "currentVersionId" = v.id
    FROM (SELECT DISTINCT ON ("cardId") "cardId", id FROM "CardVersion" WHERE "cardId" LIKE 'bsc%' ORDER BY "cardId", number DESC) v
    WHERE v."cardId" = c.id AND c."currentVersionId" IS DISTINCT FROM v.id`;
  await setCurrent();
  const admin = await prisma.user.findUniqueOrThrow({ where: { email: 'admin@bench.local' } });
  const actor = { userId: admin.id, name: admin.name, email: admin.email, role: admin.role, via: 'session' as const };
  const freeze = async (name: string, note: string) => {
    if (!(await prisma.bankRelease.findUnique({ where: { name }, select: { id: true } })))
      await freezeRelease(actor, { name, note, overrideNote: 'synthetic bench data' });
  };
  await freeze(SCREENS_RELEASES[0], 'bench:screens, before revisions');
  // A tenth revised (a second version), one in 41 retired: the second release differs in ~10 % of its cards.
  if (!(await prisma.cardVersion.findFirst({ where: { id: { startsWith: 'bsw' } }, select: { id: true } }))) {
    const revised = cards.filter((_, i) => i % 10 === 3);
    await prisma.cardVersion.createMany({
      data: revised.map((c) => ({
        id: `bsw${c.versionId}`,
        cardId: `bsc${c.cardId}`,
        number: 2,
        parentVersionId: `bsv${c.versionId}`,
        content: c.kind === 'SKILL' ? { ...c.content, tags: [...c.content.tags.slice(0, 7), 'revised'] } : c.content,
      })),
    });
    await setCurrent();
    await prisma.$executeRaw`UPDATE "Card" SET status = 'RETIRED' WHERE id LIKE 'bsc%' AND abs(hashtext(id)) % 41 = 0`;
  }
  await freeze(SCREENS_RELEASES[1], 'bench:screens, after revisions');
}

export async function ensureScreensData(prisma: PrismaClient, log: (s: string) => void): Promise<void> {
  const second = { author: { email: 'annotator2@bench.local' } };
  if (!(await prisma.diagnosis.findFirst({ where: second, select: { id: true } }))) {
    await seedSecondOpinions(prisma);
    log(
      `• Seeded a second annotator's diagnosis on ${(await prisma.diagnosis.count({ where: second })).toLocaleString('en-US')} checkpoints`,
    );
  }
  if (!(await prisma.bankRelease.findUnique({ where: { name: SCREENS_RELEASES[1] }, select: { id: true } }))) {
    await seedBankAndReleases(prisma);
    log(`• Seeded ${CARDS.toLocaleString('en-US')} parseable cards and froze ${SCREENS_RELEASES.join(' and ')}`);
  }
  await prisma.$executeRawUnsafe('ANALYZE');
}
