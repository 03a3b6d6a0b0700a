/**
 * Everything the same-task contrast view shows, in one serialisable object:
 * the task, its trajectories (columns), their tool calls aligned step by step,
 * the first pass/fail divergence, and the checkpoint grid with submitted
 * diagnoses. Annotators see only their own diagnoses; roles with
 * `diagnosis:read-all` see everyone's.
 */
import type { Trajectory } from '@prisma/client';
import { z } from 'zod';
import { can, requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { alignToolCalls, MAX_ALIGNED_STEPS, MAX_CONTRAST_TRAJECTORIES } from './align-tool-calls';
import { divergenceDetails, type StepDifference } from './divergence-details';
import { findDivergence, type Divergence } from './find-divergence';
import { compactArguments, type ToolStep } from './tool-step';
import { taskSummary, trajectorySummary } from '@/lib/trajectories/summaries';

export type ContrastTrajectory = Pick<
  Trajectory,
  'id' | 'externalId' | 'model' | 'agent' | 'trial' | 'passed' | 'score' | 'eventCount'
> & {
  toolCallCount: number;
};

export type ContrastDiagnosis = {
  id: string;
  authorName: string;
  own: boolean;
  category: { key: string; label: string } | null;
  whatWentWrong: string;
  whatShouldHaveHappened: string;
  eventStart: number | null;
  eventEnd: number | null;
  confidence: number | null;
};

export type ContrastGridCell = {
  checkpointResultId: string;
  passed: boolean;
  score: number | null;
  total: number | null;
  note: string | null;
  eventIndex: number | null;
  diagnoses: ContrastDiagnosis[];
};

/** One aligned tool call as plain text (never HTML), with where it sits in its trajectory. */
export type ContrastStep = { tool: string; args: string; position: number; index: number };

export type TaskContrast = {
  task: {
    id: string;
    benchmark: string;
    externalId: string;
    ability: string | null;
    instruction: string;
    apps: string[];
  };
  trajectories: ContrastTrajectory[];
  /** All trajectories of the task (the view shows at most MAX_CONTRAST_TRAJECTORIES). */
  trajectoryTotal: number;
  checkpoints: { id: string; key: string; name: string; description: string | null; kind: string | null }[];
  /** grid[trajectory][checkpoint]; null when the trajectory has no result for that checkpoint. */
  grid: (ContrastGridCell | null)[][];
  /** rows[step][trajectory]; null is a gap. */
  steps: (ContrastStep | null)[][];
  /** Trajectories whose tool calls were cut to `maxSteps` for the alignment. */
  truncated: { trajectoryId: string; kept: number; total: number }[];
  maxSteps: number;
  divergence: Divergence;
  /** What each differing run does at the divergence, against the passing runs' consensus. */
  divergenceDetails: StepDifference[];
  diagnosesScope: 'all' | 'own';
};

export const taskIdSchema = z.string().trim().min(1, 'task id is required').max(64, 'task id is too long');

/**
 * `runs=<id>,<id>`: only these runs of the task (the compare page opens a flipped pair this way, so
 * the two are aligned against each other rather than among every run of the task).
 */
export const contrastRunsSchema = z
  .string()
  .trim()
  .max(64 * MAX_CONTRAST_TRAJECTORIES)
  .optional()
  .transform((v) =>
    v
      ? [
          ...new Set(
            v
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean),
          ),
        ]
      : undefined,
  )
  .refine((ids) => !ids || ids.length <= MAX_CONTRAST_TRAJECTORIES, {
    message: `runs: at most ${MAX_CONTRAST_TRAJECTORIES} trajectory ids`,
  });

export async function loadTaskContrast(
  actor: Actor,
  rawTaskId: string,
  opts: { runs?: string } = {},
): Promise<TaskContrast> {
  requirePermission(actor, 'trajectory:read');
  const taskId = taskIdSchema.parse(rawTaskId);
  const runs = contrastRunsSchema.parse(opts.runs);
  const readAll = can(actor.role, 'diagnosis:read-all');

  const task = await prisma.task.findUnique({
    where: { id: taskId },
    include: { checkpoints: { orderBy: { position: 'asc' } }, _count: { select: { trajectories: true } } },
  });
  if (!task) throw notFound(`Task ${taskId}`);

  const trajectories = await prisma.trajectory.findMany({
    where: { taskId, ...(runs ? { id: { in: runs } } : {}) },
    orderBy: [{ model: 'asc' }, { trial: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    take: MAX_CONTRAST_TRAJECTORIES,
    select: {
      id: true,
      externalId: true,
      model: true,
      agent: true,
      trial: true,
      passed: true,
      score: true,
      eventCount: true,
      checkpoints: {
        select: {
          id: true,
          checkpointId: true,
          passed: true,
          score: true,
          total: true,
          note: true,
          eventIndex: true,
          diagnoses: {
            where: { status: 'SUBMITTED', ...(readAll ? {} : { authorId: actor.userId }) },
            orderBy: { submittedAt: 'asc' },
            select: {
              id: true,
              authorId: true,
              author: { select: { name: true } },
              category: { select: { key: true, label: true } },
              whatWentWrong: true,
              whatShouldHaveHappened: true,
              eventStart: true,
              eventEnd: true,
              confidence: true,
            },
          },
        },
      },
    },
  });
  const ids = trajectories.map((t) => t.id);

  // Only the first MAX_ALIGNED_STEPS + 1 calls per trajectory are read: enough to align and to know it was cut.
  const [callLists, callCounts] = await Promise.all([
    Promise.all(
      ids.map((trajectoryId) =>
        prisma.event.findMany({
          where: { trajectoryId, type: 'TOOL_CALL' },
          orderBy: { position: 'asc' },
          take: MAX_ALIGNED_STEPS + 1,
          select: { tool: true, arguments: true, position: true },
        }),
      ),
    ),
    prisma.event.groupBy({
      by: ['trajectoryId'],
      where: { trajectoryId: { in: ids }, type: 'TOOL_CALL' },
      _count: { _all: true },
    }),
  ]);
  const countOf = new Map(callCounts.map((c) => [c.trajectoryId, c._count._all]));

  const sequences = trajectories.map((t, i) => ({
    id: t.id,
    passed: t.passed,
    steps: callLists[i].map((e): ToolStep => ({
      tool: e.tool ?? '(unnamed tool)',
      arguments:
        e.arguments && typeof e.arguments === 'object' && !Array.isArray(e.arguments)
          ? (e.arguments as Record<string, unknown>)
          : null,
      position: e.position,
    })),
  }));
  const alignment = alignToolCalls(sequences);
  const passedById = Object.fromEntries(trajectories.map((t) => [t.id, t.passed]));
  const divergence = findDivergence(alignment, passedById);

  const checkpointColumn = new Map(task.checkpoints.map((c, i) => [c.id, i]));
  const grid = trajectories.map((t) => {
    const row: (ContrastGridCell | null)[] = task.checkpoints.map(() => null);
    for (const r of t.checkpoints) {
      const col = checkpointColumn.get(r.checkpointId);
      if (col === undefined) continue;
      row[col] = {
        checkpointResultId: r.id,
        passed: r.passed,
        score: r.score,
        total: r.total,
        note: r.note,
        eventIndex: r.eventIndex,
        diagnoses: r.diagnoses.map((d) => ({
          id: d.id,
          authorName: d.author.name,
          own: d.authorId === actor.userId,
          category: d.category,
          whatWentWrong: d.whatWentWrong,
          whatShouldHaveHappened: d.whatShouldHaveHappened,
          eventStart: d.eventStart,
          eventEnd: d.eventEnd,
          confidence: d.confidence,
        })),
      };
    }
    return row;
  });

  return {
    task: taskSummary(task),
    trajectories: trajectories.map((t) => ({ ...trajectorySummary(t), toolCallCount: countOf.get(t.id) ?? 0 })),
    trajectoryTotal: task._count.trajectories,
    checkpoints: task.checkpoints.map((c) => ({
      id: c.id,
      key: c.key,
      name: c.name,
      description: c.description,
      kind: c.kind,
    })),
    grid,
    steps: alignment.rows.map((row) =>
      row.map((c) =>
        c
          ? { tool: c.step.tool, args: compactArguments(c.step.arguments), position: c.step.position, index: c.index }
          : null,
      ),
    ),
    truncated: alignment.truncated.map((t) => ({
      trajectoryId: t.id,
      kept: t.kept,
      total: countOf.get(t.id) ?? t.total,
    })),
    maxSteps: MAX_ALIGNED_STEPS,
    divergence,
    divergenceDetails: divergenceDetails(alignment, divergence, passedById),
    diagnosesScope: readAll ? 'all' : 'own',
  };
}
