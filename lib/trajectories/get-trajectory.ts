import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { assignCheckpointAnchors, sameTool, type AnchorCandidate, type ExpectedAction } from './anchor-checkpoints';
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
  /**
   * Action checks: every call of the expected tool, the anchor first, then closest first
   * (lib/trajectories/anchor-checkpoints.ts), so the annotator can compare with another one.
   */
  candidates: CallCandidate[];
};

export type CallCandidate = AnchorCandidate & { tool: string | null; arguments: unknown };

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
  const anchored = await anchorActions(t.id, t.checkpoints, expected);
  // An expectation whose tool this run never calls keeps the anchor the source gave it, and the call
  // there (another tool, said as such by the page).
  const storedPositions = t.checkpoints
    .filter((c) => expected.get(c.id) && anchored.get(c.id)?.eventIndex == null && c.eventIndex != null)
    .map((c) => c.eventIndex!);
  const storedCalls = storedPositions.length
    ? await prisma.event.findMany({
        where: { trajectoryId: t.id, type: 'TOOL_CALL', position: { in: storedPositions } },
        select: { position: true, tool: true, arguments: true },
      })
    : [];
  const callAt = new Map(storedCalls.map((e) => [e.position, { tool: e.tool, arguments: e.arguments }]));
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
      .map((c) => {
        const a = anchored.get(c.id);
        const eventIndex = a?.eventIndex ?? c.eventIndex;
        const at =
          a?.candidates.find((x) => x.position === eventIndex) ?? (eventIndex != null && callAt.get(eventIndex));
        return {
          id: c.id,
          key: c.checkpoint.key,
          name: c.checkpoint.name,
          description: c.checkpoint.description,
          passed: c.passed,
          score: c.score,
          total: c.total,
          note: a && !c.passed ? currentNote(c.note, a.differing) : c.note,
          eventIndex,
          position: c.checkpoint.position,
          kind: c.checkpoint.kind,
          inRewardBasis: c.inRewardBasis,
          expectedCall: expected.get(c.id) ?? null,
          anchoredCall: at ? { tool: at.tool, arguments: at.arguments } : null,
          candidates: a?.candidates ?? [],
        };
      })
      .sort((a, b) => a.position - b.position),
    unscored,
    siblings,
    claim: live ? { userId: live.userId, userName: live.user.name, expiresAt: live.expiresAt.toISOString() } : null,
    dataQualityWarnings: dataQualityWarnings(t.metadata),
  };
}

type ResultRow = { id: string; passed: boolean; checkpoint: { key: string; kind: string | null } };

/**
 * The agent's action checkpoints anchored again, all together, from the calls as stored: runs
 * imported before the closest-unmatched rule get it too, and the page gets every candidate call.
 * A user-side action keeps its stored anchor (its description names no call to compare).
 */
async function anchorActions(
  trajectoryId: string,
  results: ResultRow[],
  expected: Map<string, ExpectedCall | null>,
): Promise<Map<string, { eventIndex: number | null; differing: string[]; candidates: CallCandidate[] }>> {
  const actions: (ExpectedAction & { id: string })[] = results.flatMap((c) => {
    const e = expected.get(c.id);
    if (!e || c.checkpoint.kind === 'user_action') return [];
    return [
      { id: c.id, key: c.checkpoint.key, passed: c.passed, tool: e.name, arguments: e.arguments, compared: e.compared },
    ];
  });
  if (!actions.length) return new Map();
  const names = [...new Set(actions.map((a) => a.tool))];
  const calls = (
    await prisma.event.findMany({
      where: {
        trajectoryId,
        type: 'TOOL_CALL',
        source: 'AGENT',
        OR: names.flatMap((n) => [{ tool: n }, { tool: { endsWith: `.${n}` } }]),
      },
      select: { position: true, tool: true, arguments: true },
      orderBy: { position: 'asc' },
    })
  ).filter((e) => names.some((n) => sameTool(n, e.tool)));
  const byPosition = new Map(calls.map((e) => [e.position, e]));
  const anchors = assignCheckpointAnchors(actions, calls);
  return new Map(
    actions.map((a) => {
      const anchor = anchors.get(a.key)!;
      const candidates = anchor.candidates.map((x) => ({
        ...x,
        tool: byPosition.get(x.position)?.tool ?? null,
        arguments: byPosition.get(x.position)?.arguments ?? null,
      }));
      return [a.id, { eventIndex: anchor.eventIndex, differing: anchor.differing, candidates }];
    }),
  );
}

/** The importer's note as the importer writes it now: runs imported earlier say "anchored to its first call". */
function currentNote(note: string | null, differing: string[]): string | null {
  const old =
    note &&
    /^(No call of \S+ by (?:the agent|the user) with the expected arguments); anchored to its first call, whose arguments differ\.$/.exec(
      note,
    );
  if (!old) return note;
  return differing.length ? `${old[1]}; the closest differs in ${differing.join(', ')}.` : `${old[1]}.`;
}
