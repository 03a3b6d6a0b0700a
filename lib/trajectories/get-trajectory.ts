import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { dataQualityWarnings, type DataQualityWarning } from './data-quality';
import { parseExpectedCall, type ExpectedCall } from './expected-call';
import { taskRewardBasis } from './reward-basis';
import { isRunLevelList } from './run-target';
import { taskSummary, trajectorySummary, type TaskSummary } from './summaries';
import { terminationText } from './termination';

export type CheckpointView = {
  id: string;
  key: string;
  name: string;
  description: string | null;
  passed: boolean;
  score: number | null;
  total: number | null;
  note: string | null;
  eventIndex: number | null;
  position: number;
  /** Source kind (action, db, nl_assertion, …). */
  kind: string | null;
  /** Inside the run's reward basis (decided the outcome), false: informational, null: the source does not say. */
  inRewardBasis: boolean | null;
  /** Action checks: the call the benchmark expected, when its description says it. */
  expectedCall: ExpectedCall | null;
  /** Action checks: the tool call at the anchored event, to diff against the expectation. */
  anchoredCall: { tool: string | null; arguments: unknown } | null;
};

export type TrajectoryView = {
  id: string;
  externalId: string;
  model: string;
  agent: string | null;
  trial: number | null;
  passed: boolean;
  score: number | null;
  outcomeReason: string | null;
  /** The task's reward basis (τ²-bench: e.g. DB + COMMUNICATE), null when the source names none. */
  rewardBasis: string[] | null;
  /** The termination reason in words (termination.ts), e.g. "Stopped: reached the step limit (max_steps) after 204 events". */
  termination: string | null;
  /**
   * The run failed without a failed checkpoint result: it is one run-level item, diagnosed as a whole
   * (the run target, run-target.ts), anchored to an event range.
   */
  runLevel: boolean;
  eventCount: number;
  failedCount: number;
  pendingCount: number;
  task: TaskSummary;
  checkpoints: CheckpointView[];
  /**
   * The task's checkpoints that this run has no result for (a τ-bench record without reward_info, a
   * leaderboard run without NL assertions): listed so a failed run whose recorded checks all passed
   * does not read as "every checkpoint passed".
   */
  unscored: { key: string; name: string }[];
  siblings: { id: string; model: string; agent: string | null; trial: number | null; passed: boolean }[];
  claim: { userId: string; userName: string; expiresAt: string } | null;
  /** The importer's warnings about this run's data (lib/trajectories/data-quality.ts). */
  dataQualityWarnings: DataQualityWarning[];
};

/** Everything the trajectory page shows except the events (those come in windows). */
export async function getTrajectory(actor: Actor, id: string): Promise<TrajectoryView> {
  requirePermission(actor, 'trajectory:read');
  const t = await prisma.trajectory.findUnique({
    where: { id },
    include: {
      task: true,
      checkpoints: { include: { checkpoint: true } },
      claim: { include: { user: { select: { name: true } } } },
    },
  });
  if (!t) throw notFound('Trajectory');
  const siblings = await prisma.trajectory.findMany({
    where: { taskId: t.taskId, id: { not: t.id } },
    select: { id: true, model: true, agent: true, trial: true, passed: true },
    orderBy: [{ model: 'asc' }, { trial: 'asc' }],
    take: 100,
  });
  const unscored = await prisma.taskCheckpoint.findMany({
    where: { taskId: t.taskId, results: { none: { trajectoryId: t.id } } },
    select: { key: true, name: true },
    orderBy: { position: 'asc' },
  });
  const expected = new Map(t.checkpoints.map((c) => [c.id, parseExpectedCall(c.checkpoint.description)]));
  const anchorPositions = t.checkpoints
    .filter((c) => expected.get(c.id) && c.eventIndex != null)
    .map((c) => c.eventIndex!);
  const anchoredCalls = anchorPositions.length
    ? await prisma.event.findMany({
        where: { trajectoryId: t.id, type: 'TOOL_CALL', position: { in: anchorPositions } },
        select: { position: true, tool: true, arguments: true },
      })
    : [];
  const callAt = new Map(anchoredCalls.map((e) => [e.position, { tool: e.tool, arguments: e.arguments }]));
  const live = t.claim && t.claim.expiresAt.getTime() > Date.now() ? t.claim : null;
  return {
    ...trajectorySummary(t),
    outcomeReason: t.outcomeReason,
    rewardBasis: taskRewardBasis(t.task.metadata),
    termination: terminationText(t.outcomeReason, t.eventCount),
    runLevel: isRunLevelList(t.failedCheckpoints),
    failedCount: t.failedCount,
    pendingCount: t.pendingCount,
    task: taskSummary(t.task),
    checkpoints: t.checkpoints
      .map((c) => ({
        id: c.id,
        key: c.checkpoint.key,
        name: c.checkpoint.name,
        description: c.checkpoint.description,
        passed: c.passed,
        score: c.score,
        total: c.total,
        note: c.note,
        eventIndex: c.eventIndex,
        position: c.checkpoint.position,
        kind: c.checkpoint.kind,
        inRewardBasis: c.inRewardBasis,
        expectedCall: expected.get(c.id) ?? null,
        anchoredCall: (c.eventIndex != null && callAt.get(c.eventIndex)) || null,
      }))
      .sort((a, b) => a.position - b.position),
    unscored,
    siblings,
    claim: live ? { userId: live.userId, userName: live.user.name, expiresAt: live.expiresAt.toISOString() } : null,
    dataQualityWarnings: dataQualityWarnings(t.metadata),
  };
}
