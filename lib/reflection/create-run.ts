import { randomUUID } from 'node:crypto';
import type { LlmProvider, Prisma, RunStatus } from '@prisma/client';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import { enqueueReflectionRuns } from '@/lib/jobs/enqueue';
import { failUnfinishedRun } from '@/lib/jobs/fail-run';
import { computeInputHash } from './input-hash';
import { OFFLINE_MODEL_LABEL } from './offline-provider';
import { getLlmConfig } from '@/lib/llm/config';
import {
  functionCardRunSettingsSchema,
  reflectionRunSettingsSchema,
  type FunctionCardRunSettings,
  type ReflectionRunSettings,
} from './run-settings';

/** One batch never queues more than this many runs (a guard against a runaway click). */
export const MAX_BATCH_RUNS = 500;

export const createRunInputSchema = z.strictObject({
  taskId: z.string().min(1, 'taskId is required'),
  settings: z.unknown().optional(),
});
export const createBatchInputSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('new-diagnoses'), settings: z.unknown().optional() }),
  z.strictObject({
    mode: z.literal('task-ids'),
    taskIds: z.array(z.string().min(1)).min(1, 'Pick at least one task').max(MAX_BATCH_RUNS),
    settings: z.unknown().optional(),
  }),
]);

export type CreatedRun = { id: string; taskId: string | null; status: RunStatus };
export type BatchResult = { batchId: string | null; runs: CreatedRun[]; skipped: { taskId: string; reason: string }[] };

async function assertProviderAvailable(provider: 'offline' | 'openai') {
  if (provider === 'openai' && !(await getLlmConfig()).configured) {
    throw new AppError(
      'VALIDATION',
      'No LLM endpoint is configured (OPENAI_BASE_URL); use the offline rule-based provider or ask an admin to configure one',
      [{ path: 'settings.provider', message: 'No endpoint configured' }],
    );
  }
}

/**
 * The offline provider runs no model: a model named with it is refused, naming the field, so a caller
 * who meant an LLM run does not get a rule-based one without knowing.
 */
function assertNoModelForOffline<K extends string>(
  settings: { provider: string } & Partial<Record<K, unknown>>,
  fields: K[],
  prefix = '',
) {
  if (settings.provider !== 'offline') return;
  const named = fields.filter((f) => settings[f] !== undefined);
  if (!named.length) return;
  const message = (f: string) => `${f}: the offline provider uses no model; leave it out or choose the openai provider`;
  throw new AppError(
    'VALIDATION',
    message(named[0]),
    named.map((f) => ({ path: `${prefix}${f}`, message: message(f) })),
  );
}

/** Validates reflection settings and fills the per-step models from the admin settings, so the run records them. */
async function resolveReflectionSettings(raw: unknown): Promise<ReflectionRunSettings> {
  // Parsed under its key, so a refusal names `settings.provider`, not a bare `provider`. Strict here only:
  // a stored run's settings are read back with the same schema, and a RECURATE run's carry more fields.
  const { settings } = z.object({ settings: reflectionRunSettingsSchema.strict() }).parse({ settings: raw ?? {} });
  await assertProviderAvailable(settings.provider);
  if (settings.provider === 'offline') {
    assertNoModelForOffline(settings, ['reflectorModel', 'curatorModel'], 'settings.');
    return settings;
  }
  const { models } = await getLlmConfig();
  return {
    ...settings,
    reflectorModel: settings.reflectorModel ?? models.reflector,
    curatorModel: settings.curatorModel ?? models.curator,
  };
}

const providerOf = (p: 'offline' | 'openai'): LlmProvider => (p === 'openai' ? 'OPENAI' : 'OFFLINE');

async function submittedDiagnosisCounts(taskIds: string[]): Promise<Map<string, number>> {
  const rows = await prisma.$queryRaw<{ taskId: string; n: bigint }[]>`
    SELECT t."taskId", count(*) AS n
    FROM "Diagnosis" d JOIN "Trajectory" t ON t.id = d."trajectoryId"
    WHERE d.status = 'SUBMITTED' AND d.outcome = 'AGENT_FAILURE' AND t."taskId" = ANY(${taskIds})
    GROUP BY t."taskId"`;
  return new Map(rows.map((r) => [r.taskId, Number(r.n)]));
}

/** Creates QUEUED runs in one transaction, then puts them on the job queue; a queue failure fails them visibly. */
export async function createAndEnqueue(
  actor: Actor,
  rows: Omit<Prisma.ReflectionRunUncheckedCreateInput, 'status' | 'createdById'>[],
  // The entity the entry links to: the (first) run unless the caller names another one (a proposal, a batch).
  audit: { action: string; entityType?: string; entityId?: string; after: Record<string, unknown> },
): Promise<CreatedRun[]> {
  const runs = await prisma.$transaction(async (tx) => {
    const created: CreatedRun[] = [];
    for (const data of rows) {
      const run = await tx.reflectionRun.create({
        data: { ...data, status: 'QUEUED', createdById: actor.userId },
        select: { id: true, taskId: true },
      });
      created.push({ ...run, status: 'QUEUED' });
    }
    await recordAudit(tx, {
      actorId: actor.userId,
      action: audit.action,
      entityType: audit.entityType ?? 'ReflectionRun',
      entityId: audit.entityId ?? created[0]?.id ?? '',
      // The runs it created (the first 50 of a large batch; the rest share its batchId).
      after: { ...audit.after, runIds: created.slice(0, 50).map((r) => r.id) },
    });
    return created;
  });
  try {
    await enqueueReflectionRuns(runs.map((r) => r.id));
  } catch (err) {
    const reason = `Could not put the run on the job queue: ${(err as Error).message}`;
    for (const r of runs) await failUnfinishedRun(r.id, reason);
    throw new AppError('UNAVAILABLE', reason);
  }
  return runs;
}

async function reflectionRow(taskId: string, settings: ReflectionRunSettings, batchId: string | null) {
  return {
    kind: 'REFLECTION' as const,
    taskId,
    batchId,
    provider: providerOf(settings.provider),
    model: settings.provider === 'openai' ? settings.reflectorModel : OFFLINE_MODEL_LABEL,
    settings: settings as Prisma.InputJsonValue,
    inputHash: await computeInputHash(taskId, settings),
  };
}

/** "Run reflection" for one task: a QUEUED run a worker picks up. */
export async function createReflectionRun(actor: Actor, input: unknown): Promise<CreatedRun> {
  requirePermission(actor, 'reflection:run');
  const { taskId, settings: raw } = createRunInputSchema.parse(input);
  const settings = await resolveReflectionSettings(raw);
  const task = await prisma.task.findUnique({
    where: { id: taskId },
    select: { id: true, benchmark: true, externalId: true },
  });
  if (!task) throw notFound(`Task ${taskId}`);
  if (settings.requireDiagnoses && !(await submittedDiagnosisCounts([taskId])).get(taskId)) {
    throw new AppError(
      'VALIDATION',
      `Task ${task.benchmark} ${task.externalId} has no submitted diagnosis yet: submit one on a failed checkpoint first, or run without requiring diagnoses`,
      [{ path: 'settings.requireDiagnoses', message: 'No submitted diagnosis for this task' }],
    );
  }
  // A second click while the same run still waits or runs returns that run instead of queuing a twin.
  const active = await prisma.reflectionRun.findFirst({
    where: {
      taskId,
      kind: 'REFLECTION',
      status: { in: ['QUEUED', 'RUNNING'] },
      settings: { equals: settings as Prisma.InputJsonValue },
    },
    select: { id: true, taskId: true, status: true },
    orderBy: { createdAt: 'desc' },
  });
  if (active) return active;
  const [run] = await createAndEnqueue(actor, [await reflectionRow(taskId, settings, null)], {
    action: 'reflection.run.create',
    after: { taskId, settings },
  });
  return run;
}

/** Tasks with a submitted diagnosis newer than their last successful reflection run, and no run waiting or running. */
async function tasksWithNewDiagnoses(): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ taskId: string }[]>`
    SELECT t."taskId"
    FROM "Diagnosis" d JOIN "Trajectory" t ON t.id = d."trajectoryId"
    WHERE d.status = 'SUBMITTED' AND d.outcome = 'AGENT_FAILURE'
    GROUP BY t."taskId"
    HAVING max(d."submittedAt") > coalesce(
      (SELECT max(r."createdAt") FROM "ReflectionRun" r
        WHERE r."taskId" = t."taskId" AND r.kind = 'REFLECTION' AND r.status = 'SUCCEEDED'),
      '-infinity'::timestamp)
    AND NOT EXISTS (SELECT 1 FROM "ReflectionRun" r
        WHERE r."taskId" = t."taskId" AND r.kind = 'REFLECTION' AND r.status IN ('QUEUED', 'RUNNING'))
    ORDER BY t."taskId"
    LIMIT ${MAX_BATCH_RUNS + 1}`;
  return rows.map((r) => r.taskId);
}

/**
 * Reflection for many tasks at once, sharing one batchId: every task with new
 * submitted diagnoses, or an explicit list. Tasks that cannot run are listed
 * in `skipped` with the reason; the others still run.
 */
export async function createBatchRuns(actor: Actor, input: unknown): Promise<BatchResult> {
  requirePermission(actor, 'reflection:run');
  const parsed = createBatchInputSchema.parse(input);
  const settings = await resolveReflectionSettings(parsed.settings);
  const skipped: BatchResult['skipped'] = [];
  let taskIds: string[];
  if (parsed.mode === 'new-diagnoses') {
    taskIds = await tasksWithNewDiagnoses();
    if (taskIds.length > MAX_BATCH_RUNS) {
      throw new AppError(
        'VALIDATION',
        `More than ${MAX_BATCH_RUNS} tasks have new diagnoses; run them in smaller batches by task`,
      );
    }
  } else {
    const wanted = [...new Set(parsed.taskIds)];
    const found = new Set(
      (await prisma.task.findMany({ where: { id: { in: wanted } }, select: { id: true } })).map((t) => t.id),
    );
    taskIds = wanted.filter((id) => found.has(id));
    for (const id of wanted) if (!found.has(id)) skipped.push({ taskId: id, reason: 'Task not found' });
    if (settings.requireDiagnoses) {
      const counts = await submittedDiagnosisCounts(taskIds);
      for (const id of taskIds) if (!counts.get(id)) skipped.push({ taskId: id, reason: 'No submitted diagnosis' });
      taskIds = taskIds.filter((id) => counts.get(id));
    }
    const busy = new Set(
      (
        await prisma.reflectionRun.findMany({
          where: { taskId: { in: taskIds }, kind: 'REFLECTION', status: { in: ['QUEUED', 'RUNNING'] } },
          select: { taskId: true },
        })
      ).map((r) => r.taskId),
    );
    for (const id of taskIds)
      if (busy.has(id)) skipped.push({ taskId: id, reason: 'A run for this task is already queued or running' });
    taskIds = taskIds.filter((id) => !busy.has(id));
  }
  if (taskIds.length === 0) return { batchId: null, runs: [], skipped };
  const batchId = randomUUID();
  const rows = [];
  for (const taskId of taskIds) rows.push(await reflectionRow(taskId, settings, batchId));
  const runs = await createAndEnqueue(actor, rows, {
    action: 'reflection.batch.create',
    entityType: 'ReflectionBatch',
    entityId: batchId,
    after: { batchId, mode: parsed.mode, tasks: taskIds.length, settings },
  });
  return { batchId, runs, skipped };
}

/** Build or refresh Function Cards from observed tool calls (one run over all trajectories). */
export async function createFunctionCardRun(actor: Actor, input: unknown): Promise<CreatedRun> {
  requirePermission(actor, 'reflection:run');
  const parsed: FunctionCardRunSettings = functionCardRunSettingsSchema.strict().parse(input ?? {});
  await assertProviderAvailable(parsed.provider);
  assertNoModelForOffline(parsed, ['model']);
  const settings =
    parsed.provider === 'openai'
      ? { ...parsed, model: parsed.model ?? (await getLlmConfig()).models.function_cards }
      : parsed;
  const [run] = await createAndEnqueue(
    actor,
    [
      {
        kind: 'FUNCTION_CARDS',
        provider: providerOf(settings.provider),
        model: settings.provider === 'openai' ? settings.model : OFFLINE_MODEL_LABEL,
        settings: settings as Prisma.InputJsonValue,
      },
    ],
    { action: 'reflection.function-cards.create', after: { settings } },
  );
  return run;
}
