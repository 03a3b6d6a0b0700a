/**
 * npm run eval:reflection [-- --provider offline|openai] [--data ../shared/data]
 *
 * Imports the τ²-bench and τ-bench samples (when present) into a fresh
 * embedded PostgreSQL, applies the self-written diagnoses of
 * tests/fixtures/eval/diagnoses.json, runs the reflection pipeline (packet →
 * reflector → curator → validation) on every task with a failing run,
 * approves every valid proposal through approveProposal, measures retrieval
 * (own card; hand-labelled plausible cards of other tasks,
 * tests/fixtures/eval/retrieval-labels.json) and prints the quality report
 * (lib/eval/reflection-quality.ts, lib/eval/retrieval-hits.ts), whether a
 * function card of an app the task does not name reaches its block
 * (lib/eval/function-scope-check.ts), and each
 * proposal's curation flaws (lib/eval/curation-flaw-report.ts), closing with
 * the old offline wording's figures (stored in
 * scripts/lib/eval-reflection-baseline.json, with the commit they were
 * measured at) next to this run's. `--provider
 * openai` runs the real SDK path against OPENAI_BASE_URL; `--cards out.json`
 * writes the cards that would enter the bank, to read them by eye.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCliArgs } from './lib/cli-args';
import { freshDatabase } from './lib/fresh-database';
import { runBench } from './lib/run-bench';
import baseline from './lib/eval-reflection-baseline.json' with { type: 'json' };

const { values, usageError } = parseCliArgs(
  'Usage: npm run eval:reflection [-- --provider offline|openai] [--data ../shared/data] [--cards out.json]',
  {
    provider: { type: 'string', default: 'offline' },
    data: { type: 'string', default: '../shared/data' },
    cards: { type: 'string' },
  },
);
if (values.provider !== 'offline' && values.provider !== 'openai')
  usageError(`--provider must be offline or openai (got "${values.provider}")`);
const provider = values.provider === 'openai' ? 'openai' : 'offline';
const started = Date.now();
await runBench(() => freshDatabase('evalreflection'), evaluate);

/** The whole evaluation, printed; answers the exit code (1 when a check failed). */
async function evaluate(): Promise<number> {
  let code = 0;
  const { prisma } = await import('@/lib/db/prisma');
  const { importFile } = await import('@/lib/import/run-import');
  const { ensureFailureCategories } = await import('@/lib/seed/seed-demo');
  const { recountPending } = await import('@/lib/diagnosis/recount-pending');
  const { executeRun } = await import('@/lib/reflection/execute-run');
  const { getRunDetail } = await import('@/lib/reflection/read-run');
  const { getLlmConfig } = await import('@/lib/llm/config');
  const { formatReport, taskQuality } = await import('@/lib/eval/reflection-quality');
  const { hashPassword } = await import('@/lib/auth/password');
  const { approveAllValid } = await import('@/lib/eval/approve-all');
  const { bankSources, formatHits, labelledHits, ownCardHits, retrievalLabelsSchema } =
    await import('@/lib/eval/retrieval-hits');
  // Read before any work: a broken label file fails in a second, not after two minutes.
  const labels = retrievalLabelsSchema.parse(
    JSON.parse(readFileSync('tests/fixtures/eval/retrieval-labels.json', 'utf8')),
  );

  // 1. Import what is there.
  const files: { file: string; format?: 'tau1'; model?: string; domain?: string }[] = [];
  const tau2 = path.join(values.data, 'tau2-bench/airline');
  if (existsSync(tau2))
    for (const f of readdirSync(tau2)
      .filter((f) => f.endsWith('.json'))
      .sort())
      files.push({ file: path.join(tau2, f) });
  const tau1 = path.join(values.data, 'tau-bench/gpt-4o-airline.tasks0-9.json');
  if (existsSync(tau1)) files.push({ file: tau1, format: 'tau1', model: 'gpt-4o', domain: 'airline' });
  if (files.length === 0)
    throw new Error(`No benchmark samples under ${values.data} (expected tau2-bench/airline/*.json, tau-bench/*.json)`);
  const phase = { setup: (Date.now() - started) / 1000, import: 0, reflection: 0, approval: 0 };
  let t0 = Date.now();
  for (const f of files)
    await importFile({
      by: { cli: true },
      source: 'CLI',
      filePath: f.file,
      format: f.format,
      model: f.model,
      domain: f.domain,
    });
  phase.import = (Date.now() - t0) / 1000;
  t0 = Date.now();

  // 2. The self-written diagnoses.
  await prisma.$transaction((tx) => ensureFailureCategories(tx));
  const password = await hashPassword('eval-only-password');
  const annotator = await prisma.user.create({
    data: { email: 'eval-annotator@eval.local', name: 'Eval Annotator', role: 'ANNOTATOR', passwordHash: password },
  });
  const reviewer = await prisma.user.create({
    data: { email: 'eval-reviewer@eval.local', name: 'Eval Reviewer', role: 'REVIEWER', passwordHash: password },
  });
  const actor = {
    userId: reviewer.id,
    name: reviewer.name,
    email: reviewer.email,
    role: reviewer.role,
    via: 'session' as const,
  };
  type Fixture = {
    benchmark: string;
    task: string;
    checkpoint: string;
    runs: number;
    category: string;
    wrong: string;
    should: string;
  };
  const fixture: { diagnoses: Fixture[] } = JSON.parse(readFileSync('tests/fixtures/eval/diagnoses.json', 'utf8'));
  let applied = 0;
  for (const d of fixture.diagnoses) {
    const task = await prisma.task.findFirst({ where: { benchmark: d.benchmark, externalId: d.task } });
    if (!task) continue;
    const category = await prisma.failureCategory.findUniqueOrThrow({ where: { key: d.category } });
    const results = await prisma.checkpointResult.findMany({
      where: { passed: false, checkpoint: { taskId: task.id, key: d.checkpoint }, trajectory: { passed: false } },
      include: { checkpoint: true, trajectory: { select: { id: true, externalId: true } } },
      orderBy: { trajectory: { externalId: 'asc' } },
      take: d.runs,
    });
    for (const r of results) {
      // Anchor at the run's last call of the checked tool, else the checkpoint's own anchor, else the last call.
      const calls = await prisma.event.findMany({
        where: { trajectoryId: r.trajectoryId, type: 'TOOL_CALL' },
        select: { position: true, tool: true },
        orderBy: { position: 'asc' },
      });
      const at =
        calls.filter((c) => c.tool === r.checkpoint.name).at(-1)?.position ??
        r.eventIndex ??
        calls.at(-1)?.position ??
        0;
      await prisma.$transaction(async (tx) => {
        await tx.diagnosis.create({
          data: {
            trajectoryId: r.trajectoryId,
            checkpointResultId: r.id,
            authorId: annotator.id,
            categoryId: category.id,
            eventStart: at,
            eventEnd: at,
            whatWentWrong: d.wrong,
            whatShouldHaveHappened: d.should,
            status: 'SUBMITTED',
            submittedAt: new Date(),
          },
        });
        await recountPending(tx, r.trajectoryId);
      });
      applied++;
    }
  }

  // 3. Reflection on every task with a failing run (diagnoses when there are, else the divergence).
  const models = provider === 'openai' ? (await getLlmConfig()).models : null;
  const settings = {
    provider,
    scope: 'failed_and_passed',
    requireDiagnoses: false,
    ...(models ? { reflectorModel: models.reflector, curatorModel: models.curator } : {}),
  };
  const tasks = await prisma.task.findMany({
    include: { trajectories: { select: { passed: true } } },
    orderBy: [{ benchmark: 'asc' }, { externalId: 'asc' }],
  });
  const reflected = tasks.filter((t) => t.trajectories.some((x) => !x.passed));
  // One run at a time: the bank does not change until step 4, and on a busy 2-core machine parallel runs only
  // trade CPU for transaction-start timeouts.
  const runIds: string[] = [];
  for (const t of reflected) {
    const run = await prisma.reflectionRun.create({
      data: {
        kind: 'REFLECTION',
        taskId: t.id,
        provider: provider === 'openai' ? 'OPENAI' : 'OFFLINE',
        settings,
        status: 'QUEUED',
        createdById: reviewer.id,
      },
    });
    await executeRun(run.id);
    runIds.push(run.id);
  }
  phase.reflection = (Date.now() - t0) / 1000;
  t0 = Date.now();

  // 4. Approve every valid proposal through THE approval function, task by task, then retrieval.
  const rows: import('@/lib/eval/reflection-quality').TaskQuality[] = [];
  const approvals: { taskId: string; approved: { key: string; content: unknown }[] }[] = [];
  for (const [i, t] of reflected.entries()) {
    const approval = await approveAllValid(actor, runIds[i]);
    approvals.push({ taskId: t.id, approved: approval.approved });
    const failed = t.trajectories.filter((x) => !x.passed).length;
    rows.push(
      taskQuality(
        `${t.benchmark} ${t.externalId}`,
        await getRunDetail(actor, runIds[i]),
        { passed: t.trajectories.length - failed, failed },
        approval,
      ),
    );
  }
  const sources = bankSources(approvals);
  const own = await ownCardHits(actor, tasks, sources);
  const other = await labelledHits(actor, labels, tasks, sources);
  const quality = await (
    await import('@/lib/eval/reflection-retrieval-quality')
  ).reflectionRetrievalQuality(tasks, sources, labels);
  const scope = await functionScope(tasks);
  const [bank] = await prisma.$queryRaw<{ cards: bigint; bytes: bigint | null }[]>`
    SELECT count(*) AS cards, sum(octet_length(v.content::text)) AS bytes FROM "Card" c JOIN "CardVersion" v ON v.id = c."currentVersionId" WHERE c.status <> 'MERGED'`;
  phase.approval = (Date.now() - t0) / 1000;
  console.log(
    formatReport(rows, {
      provider,
      seconds: (Date.now() - started) / 1000,
      bank: { cards: Number(bank.cards), kb: Number(bank.bytes ?? 0) / 1024 },
      retrieval: [...formatHits(own, other, sources), ...quality.lines, ...scope.lines],
    }),
  );
  const flaws = await printCurationFlaws(actor, reflected, runIds);
  const flawTotal = flaws.flaws;
  console.log(
    (await import('@/lib/eval/before-after-table')).beforeAfterTable({
      before: { ...baseline, ...baseline.flaws },
      after: { own, other, ...flaws },
      functionScope: scope,
    }),
  );
  console.log(
    `\n${files.length} files imported, ${applied} self-written diagnoses applied; seconds: database ${phase.setup.toFixed(1)}, import ${phase.import.toFixed(1)}, diagnoses + reflection ${phase.reflection.toFixed(1)}, approval + retrieval ${phase.approval.toFixed(1)}`,
  );
  if (values.cards)
    writeFileSync(
      values.cards,
      JSON.stringify(
        rows.map((r) => ({ task: r.task, cards: r.bankCards })),
        null,
        2,
      ),
    );
  const total = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
  if (
    total((r) => r.privacyFindings) > 0 ||
    total((r) => r.evaluatorWording) > 0 ||
    rows.some((r) => r.deltas > 3) ||
    flawTotal > 0 ||
    scope.violations > 0
  )
    code = 1;
  return code;
}

type Actor = import('@/lib/auth/permissions').Actor;
type Reflected = { id: string; benchmark: string; externalId: string }[];

/** The live bank plus the demo bank's function cards (other apps) as distractors: does any reach a task's block? */
async function functionScope(tasks: import('@/lib/eval/retrieval-hits').EvalTask[]) {
  const { loadCurrentBankCards } = await import('@/lib/retrieval/load-bank');
  const { DEMO_FUNCTION_CARDS } = await import('@/lib/seed/demo-bank');
  const { checkFunctionScope, formatFunctionScope } = await import('@/lib/eval/function-scope-check');
  const { cards } = await loadCurrentBankCards();
  const distractors = DEMO_FUNCTION_CARDS.map(({ versions }, i) => {
    const content = versions.at(-1)!;
    return {
      kind: 'FUNCTION' as const,
      cardId: `distractor-${i}`,
      key: `function::${content.tool}`,
      ability: null,
      apps: [content.app],
      versionId: `distractor-${i}`,
      versionNumber: versions.length,
      content,
    };
  });
  const check = checkFunctionScope(cards, distractors, tasks);
  return {
    violations: check.violations.length,
    unscopedForeign: check.unscopedForeign,
    queries: check.queries,
    lines: formatFunctionScope(check),
  };
}

/** Per proposal, its curation flaws, then the stored figures of the old offline wording beside this run's totals. */
async function printCurationFlaws(
  actor: Actor,
  reflected: Reflected,
  runIds: string[],
): Promise<{ flaws: number; cutTitles: number }> {
  const { getRunDetail } = await import('@/lib/reflection/read-run');
  const { formatFlawRows, formatFlawSummary, storedFlawRows, summariseFlaws } =
    await import('@/lib/eval/curation-flaw-report');
  const { OFFLINE_PIPELINE_VERSION } = await import('@/lib/reflection/offline-provider');
  const pipeline = provider === 'offline' ? OFFLINE_PIPELINE_VERSION : provider;
  const after = [];
  for (const [i, t] of reflected.entries())
    after.push(...storedFlawRows(`${t.benchmark} ${t.externalId}`, (await getRunDetail(actor, runIds[i])).proposals));
  const s = baseline.flaws;
  const a = summariseFlaws(after);
  console.log(
    [
      '',
      `curation flaws BEFORE (stored: offline wording ${baseline.pipeline}, every valid delta an ADD, commit ${baseline.commit}):`,
      ...formatFlawSummary(s),
      '',
      ...formatFlawRows(`curation flaws AFTER (${pipeline}, as recorded at curation):`, after),
      '',
      `before → after: curation flaws ${s.flaws} → ${a.flaws} (must be 0), titles cut mid-phrase ${s.cutTitles} → ${a.cutTitles}`,
    ].join('\n'),
  );
  return a;
}
