import type { Prisma, ProposalStatus } from '@prisma/client';
import { prisma, type Tx } from '@/lib/db/prisma';
import { sha256 } from '@/lib/llm/prompts';
import type { PartialRun, PipelineResult, ProposalRecord } from './pipeline-types';
import { functionCardRunSettingsSchema, recurateRunSettingsSchema } from './run-settings';

const json = (v: unknown) => v as Prisma.InputJsonValue;

/** The run was cancelled or failed by someone else while the pipeline worked: its results are dropped. */
export class RunNoLongerRunning extends Error {
  constructor(runId: string) {
    super(`Run ${runId} is no longer running; its results were not saved`);
    this.name = 'RunNoLongerRunning';
  }
}

/** Reviewers have acted on these: a re-run never replaces them. */
const REVIEWED: ProposalStatus[] = ['APPROVED', 'REJECTED'];

/** Clears what an interrupted attempt of this run wrote, and marks it RUNNING. Returns false if the run is already finished. */
export async function startRun(runId: string): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.reflectionRun.updateMany({
      where: { id: runId, status: { in: ['QUEUED', 'RUNNING'] } },
      data: {
        status: 'RUNNING',
        startedAt: new Date(),
        finishedAt: null,
        error: null,
        promptTokens: 0,
        completionTokens: 0,
      },
    });
    if (count === 0) return false;
    await tx.proposal.deleteMany({ where: { runId } });
    await tx.skillDelta.deleteMany({ where: { runId } });
    await tx.llmCall.deleteMany({ where: { runId } });
    await tx.reflectionRunTrajectory.deleteMany({ where: { runId } });
    await tx.reflectionRunDiagnosis.deleteMany({ where: { runId } });
    return true;
  });
}

/** Whether the run may still go on (nobody cancelled or failed it meanwhile). */
export async function assertStillRunning(runId: string): Promise<void> {
  const run = await prisma.reflectionRun.findUnique({ where: { id: runId }, select: { status: true } });
  if (run?.status !== 'RUNNING') throw new RunNoLongerRunning(runId);
}

async function tokenTotals(tx: Tx, runId: string) {
  const sum = await tx.llmCall.aggregate({ where: { runId }, _sum: { promptTokens: true, completionTokens: true } });
  return { promptTokens: sum._sum.promptTokens ?? 0, completionTokens: sum._sum.completionTokens ?? 0 };
}

/**
 * Writes a finished pipeline in one transaction: deltas, proposals with their
 * targets, input links, and the run SUCCEEDED. Proposals carry a dedupe key
 * derived from the run's input hash: a re-run on unchanged inputs supersedes
 * the earlier unreviewed proposal instead of adding a second one, and does not
 * re-propose what a reviewer already decided.
 */
export async function persistSuccess(runId: string, r: PipelineResult): Promise<void> {
  await prisma.$transaction(
    async (tx) => {
      // Two runs with the same inputs finishing together must not race on dedupe keys.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${r.inputHash}))`;
      const deltaIds = new Map<number, string>();
      for (const d of r.deltas) {
        const row = await tx.skillDelta.create({
          data: {
            runId,
            index: d.index,
            content: json(d.content),
            valid: d.valid,
            validation: json(d.validation),
            diagnosisIds: d.diagnosisIds,
          },
        });
        deltaIds.set(d.index, row.id);
      }
      const reused: string[] = [];
      const superseded: string[] = [];
      for (const p of r.proposals) {
        const dedupeKey = sha256(`${r.inputHash}|${p.slot}`);
        const prior = await tx.proposal.findUnique({
          where: { dedupeKey },
          select: { id: true, status: true, runId: true },
        });
        if (prior && REVIEWED.includes(prior.status)) {
          reused.push(prior.id);
          continue;
        }
        if (prior) {
          await tx.proposal.update({ where: { id: prior.id }, data: { status: 'SUPERSEDED', dedupeKey: null } });
          superseded.push(prior.id);
        }
        await createProposal(
          tx,
          runId,
          p,
          p.deltaIndex === null ? null : (deltaIds.get(p.deltaIndex) ?? null),
          dedupeKey,
        );
      }
      superseded.push(...(await supersedeEarlierRuns(tx, runId, r.proposals)));
      if (r.trajectoryIds.length)
        await tx.reflectionRunTrajectory.createMany({
          data: r.trajectoryIds.map((trajectoryId) => ({ runId, trajectoryId })),
          skipDuplicates: true,
        });
      if (r.diagnosisIds.length)
        await tx.reflectionRunDiagnosis.createMany({
          data: r.diagnosisIds.map((diagnosisId) => ({ runId, diagnosisId })),
          skipDuplicates: true,
        });
      // Only a run still RUNNING may succeed: a run cancelled or failed meanwhile keeps its state, and throwing rolls back its proposals.
      const { count } = await tx.reflectionRun.updateMany({
        where: { id: runId, status: 'RUNNING' },
        data: {
          status: 'SUCCEEDED',
          finishedAt: new Date(),
          error: null,
          inputHash: r.inputHash,
          packet: json(r.packet),
          rawOutput: r.rawOutput,
          promptVersion: r.promptVersion,
          promptHash: r.promptHash,
          model: r.model,
          timings: json({
            ...r.timings,
            ...(reused.length ? { alreadyReviewedProposals: reused.length } : {}),
            ...(superseded.length ? { supersededProposals: superseded.length } : {}),
          }),
          ...(await tokenTotals(tx, runId)),
        },
      });
      if (count === 0) throw new RunNoLongerRunning(runId);
    },
    { timeout: 60_000 },
  );
}

/**
 * A newer run that saw at least the evidence an earlier one saw replaces the
 * earlier run's unreviewed proposals rather than queueing them for review a
 * second time (same provider; reviewed ones stay): a reflection run of the
 * same task, or a function-card run over every observed call, for the tools it
 * proposed. A function-card run limited to a task or to tools saw less, so it
 * replaces nothing.
 */
async function supersedeEarlierRuns(tx: Tx, runId: string, proposals: ProposalRecord[]): Promise<string[]> {
  const run = await tx.reflectionRun.findUniqueOrThrow({
    where: { id: runId },
    select: { kind: true, taskId: true, provider: true, createdAt: true, settings: true },
  });
  const earlier = {
    runId: { not: runId },
    status: 'PENDING' as const,
    run: { kind: run.kind, provider: run.provider, createdAt: { lt: run.createdAt } },
  };
  let ids: string[] = [];
  if (run.kind === 'REFLECTION' && run.taskId) {
    ids = (
      await tx.proposal.findMany({
        where: { ...earlier, run: { ...earlier.run, taskId: run.taskId } },
        select: { id: true },
      })
    ).map((p) => p.id);
  }
  if (
    run.kind === 'FUNCTION_CARDS' &&
    !run.taskId &&
    functionCardRunSettingsSchema.parse(run.settings ?? {}).tools.length === 0
  ) {
    const tools = new Set(proposals.map((p) => p.slot.replace(/^function:/, '')));
    const older = await tx.proposal.findMany({
      where: { ...earlier, cardKind: 'FUNCTION' },
      select: { id: true, proposedCard: true },
    });
    ids = older.filter((p) => tools.has((p.proposedCard as { tool?: string } | null)?.tool ?? '')).map((p) => p.id);
  }
  if (run.kind === 'RECURATE') return supersedeRecurated(tx, runId, run.settings);
  if (ids.length)
    await tx.proposal.updateMany({ where: { id: { in: ids } }, data: { status: 'SUPERSEDED', dedupeKey: null } });
  return ids;
}

/** A re-curation replaces the stale proposal a reviewer re-curated (if nobody decided it meanwhile) and links the new one to it. */
async function supersedeRecurated(tx: Tx, runId: string, settings: unknown): Promise<string[]> {
  const staleId = recurateRunSettingsSchema.parse(settings ?? {}).recurateProposalId;
  await tx.proposal.updateMany({ where: { runId, id: { not: staleId } }, data: { recuratedFromId: staleId } });
  const { count } = await tx.proposal.updateMany({
    where: { id: staleId, status: { in: ['PENDING', 'INVALID'] } },
    data: { status: 'SUPERSEDED', dedupeKey: null },
  });
  return count ? [staleId] : [];
}

function statusOf(p: ProposalRecord): ProposalStatus {
  // A failed check wins over the operation: an invalid NOOP (one carrying a card) must show as a validation failure.
  if (!p.valid) return 'INVALID';
  return p.operation === 'NOOP' ? 'NOOP' : 'PENDING';
}

async function createProposal(tx: Tx, runId: string, p: ProposalRecord, deltaId: string | null, dedupeKey: string) {
  await tx.proposal.create({
    data: {
      runId,
      deltaId,
      deltaIndex: p.deltaIndex,
      cardKind: p.cardKind,
      ability: p.ability,
      operation: p.operation,
      targetCardId: p.targetCardId,
      proposedCard: p.proposedCard === null || p.proposedCard === undefined ? undefined : json(p.proposedCard),
      reason: p.reason,
      valid: p.valid,
      validation: json(p.validation),
      status: statusOf(p),
      dedupeKey,
      targets: p.targets.length
        ? { create: p.targets.map((t) => ({ cardId: t.cardId, baseVersionId: t.baseVersionId, primary: t.primary })) }
        : undefined,
    },
  });
}

/** Ends the run FAILED with the reason, keeping what it sent and received so far; no deltas or proposals. */
export async function persistFailure(runId: string, reason: string, partial: PartialRun): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.reflectionRun.updateMany({
      where: { id: runId, status: { in: ['QUEUED', 'RUNNING'] } },
      data: {
        status: 'FAILED',
        error: reason,
        finishedAt: new Date(),
        ...(partial.inputHash ? { inputHash: partial.inputHash } : {}),
        ...(partial.packet ? { packet: json(partial.packet) } : {}),
        ...(partial.rawOutput ? { rawOutput: partial.rawOutput } : {}),
        ...(partial.promptVersion ? { promptVersion: partial.promptVersion, promptHash: partial.promptHash } : {}),
        ...(partial.model ? { model: partial.model } : {}),
        timings: json(partial.timings ?? {}),
        ...(await tokenTotals(tx, runId)),
      },
    });
  });
}
