import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { formatArm, type ArmSpec } from './arm-spec';

export type ArmOption = { value: string; label: string };

/** The rounds in release order: R0, then each release some runs name, oldest first (names unknown here last). */
export async function roundsInOrder(): Promise<(string | null)[]> {
  const [cells, releases] = await Promise.all([
    prisma.$queryRaw<{ release: string }[]>`
      SELECT release FROM "DashboardCell" GROUP BY release HAVING sum(trajectories) > 0`,
    prisma.bankRelease.findMany({ select: { name: true }, orderBy: [{ createdAt: 'asc' }, { name: 'asc' }] }),
  ]);
  const used = new Set(cells.map((c) => c.release));
  const known = releases.map((r) => r.name).filter((n) => used.has(n));
  const unknown = [...used].filter((n) => n !== '' && !known.includes(n)).sort();
  return [...(used.has('') ? [null] : []), ...known, ...unknown];
}

/**
 * What the arms chooser offers: each round, each model, each agent and the newest imports, as arm
 * text. From the dashboard cube (a few hundred rows at 100k trajectories) and the import list.
 */
export async function listArmOptions(actor: Actor): Promise<ArmOption[]> {
  requirePermission(actor, 'compare:read');
  const [rounds, runs, imports] = await Promise.all([
    roundsInOrder(),
    prisma.$queryRaw<{ model: string; agent: string }[]>`
      SELECT model, agent FROM "DashboardCell" GROUP BY model, agent HAVING sum(trajectories) > 0 ORDER BY model, agent`,
    prisma.importJob.findMany({
      where: { importedCount: { gt: 0 } },
      orderBy: { createdAt: 'desc' },
      take: 20,
      select: { id: true, fileName: true, createdAt: true },
    }),
  ]);
  const option = (spec: ArmSpec, label: string): ArmOption => ({ value: formatArm(spec), label });
  return [
    ...rounds.map((r) => option({ release: r }, r === null ? 'R0 · no memory' : `release ${r}`)),
    ...[...new Set(runs.map((r) => r.model))].map((m) => option({ model: m }, `model ${m}`)),
    ...[...new Set(runs.map((r) => r.agent).filter(Boolean))].map((a) => option({ agent: a }, `agent ${a}`)),
    ...imports.map((i) =>
      option({ importId: i.id }, `import ${i.fileName} (${i.createdAt.toISOString().slice(0, 10)})`),
    ),
  ];
}

/** The newest round against the one before it, the comparison the dashboard's headline and the empty page suggest. */
export async function newestRoundPair(): Promise<{ a: string; b: string } | null> {
  const rounds = await roundsInOrder();
  if (rounds.length < 2) return null;
  const [a, b] = rounds.slice(-2);
  return { a: formatArm({ release: a }), b: formatArm({ release: b }) };
}
