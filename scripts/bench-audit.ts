/**
 * npm run bench:audit [-- --entries 300000 --runs 30]
 *
 * Times the audit log's total (the pager's "N entries · page x of y") on SYNTHETIC entries
 * inserted by SQL into a throw-away embedded PostgreSQL: the exact count(*) the list ran on
 * every page before, next to countOrEstimate (lib/db/row-estimate.ts: exact up to
 * AUDIT_EXACT_UP_TO, the planner's estimate above), for the whole log, a large filter (an
 * action prefix) and a small one (one actor); then the whole first page as listed now.
 * Not a test: figures only.
 */
import { Prisma } from '@prisma/client';
import { measure, percentile } from './lib/bench-seed-synthetic';
import { parseCountArgs } from './lib/cli-args';
import { freshDatabase } from './lib/fresh-database';
import { runBench } from './lib/run-bench';

const {
  counts: { entries: N, runs: RUNS },
} = parseCountArgs('Usage: npm run bench:audit [-- --entries 300000 --runs 30]', { entries: 300000, runs: 30 });

await runBench(
  () => freshDatabase('bench_audit'),
  async () => {
    const { prisma } = await import('@/lib/db/prisma');
    const { countOrEstimate } = await import('@/lib/db/row-estimate');
    const { prefixPattern } = await import('@/lib/db/sql');
    const { AUDIT_EXACT_UP_TO, listAuditEntries } = await import('@/lib/admin/list-audit');
    const users = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        prisma.user.create({
          data: { email: `bench${i}@bench.local`, name: `Bench ${i}`, role: 'ADMIN', passwordHash: 'x' },
        }),
      ),
    );
    // 30 actions over 6 prefixes, 20 actors (one rare: 1 entry in 2,000), spread over a year.
    await prisma.$executeRaw`
      INSERT INTO "AuditLog" (id, "actorId", action, "entityType", "entityId", "createdAt")
      SELECT 'a' || i, (${users.map((u) => u.id)}::text[])[CASE WHEN i % 2000 = 0 THEN 20 ELSE 1 + i % 19 END],
             (ARRAY['card','proposal','queue','taxonomy','user','release'])[1 + i % 6] || '.' || (ARRAY['create','update','delete','assign','approve'])[1 + (i / 6) % 5],
             'Card', 'e' || (i % 5000), timestamp '2026-01-01' + i * interval '100 seconds'
      FROM generate_series(1, ${N}) i`;
    await prisma.$executeRaw`ANALYZE "AuditLog"`;
    const rare = users[19].id;
    console.log(
      `\nAudit log total over ${N.toLocaleString('en-US')} SYNTHETIC entries (${RUNS} runs each, after a warm-up):\n`,
    );
    const cases: [string, Prisma.AuditLogWhereInput, Prisma.Sql][] = [
      ['whole log', {}, Prisma.sql`TRUE`],
      [
        'action prefix "card." (1/6 of the log)',
        { action: { startsWith: 'card.' } },
        Prisma.sql`a.action LIKE ${prefixPattern('card.')}`,
      ],
      [
        `one actor (${(N / 2000).toLocaleString('en-US')} entries)`,
        { actorId: rare },
        Prisma.sql`a."actorId" = ${rare}`,
      ],
    ];
    const time = async (fn: () => Promise<unknown>) => {
      await fn();
      const t = await measure(fn, RUNS);
      return `p50 ${percentile(t, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(t, 99).toFixed(1).padStart(6)} ms`;
    };
    for (const [label, where, cond] of cases) {
      const exact = await prisma.auditLog.count({ where });
      const now = await countOrEstimate(Prisma.sql`"AuditLog" a WHERE ${cond}`, AUDIT_EXACT_UP_TO);
      console.log(
        `  ${label}: ${exact.toLocaleString('en-US')} entries; shown now as ${now.estimated ? 'about ' : ''}${now.count.toLocaleString('en-US')}`,
      );
      console.log(`    before, exact count(*):  ${await time(() => prisma.auditLog.count({ where }))}`);
      console.log(
        `    now, countOrEstimate:    ${await time(() => countOrEstimate(Prisma.sql`"AuditLog" a WHERE ${cond}`, AUDIT_EXACT_UP_TO))}`,
      );
    }
    const actor = {
      userId: users[0].id,
      name: 'Bench 0',
      email: users[0].email,
      role: 'ADMIN' as const,
      via: 'session' as const,
    };
    console.log(
      `\n  first page of the whole log (50 entries, labels, links, total), now: ${await time(() => listAuditEntries(actor, {}))}`,
    );
  },
);
