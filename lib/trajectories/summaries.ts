import type { Task, Trajectory } from '@prisma/client';

/** The task fields every trajectory and contrast view shows in its header. */
export type TaskSummary = {
  id: string;
  externalId: string;
  benchmark: string;
  ability: string | null;
  instruction: string;
  apps: string[];
};

export function taskSummary(t: Pick<Task, keyof TaskSummary>): TaskSummary {
  return {
    id: t.id,
    externalId: t.externalId,
    benchmark: t.benchmark,
    ability: t.ability,
    instruction: t.instruction,
    apps: t.apps,
  };
}

/** One attempt's identity and outcome, as listed next to other attempts at the same task. */
export type TrajectorySummary = Pick<
  Trajectory,
  'id' | 'externalId' | 'model' | 'agent' | 'trial' | 'passed' | 'score' | 'eventCount'
>;

export function trajectorySummary(t: TrajectorySummary): TrajectorySummary {
  return {
    id: t.id,
    externalId: t.externalId,
    model: t.model,
    agent: t.agent,
    trial: t.trial,
    passed: t.passed,
    score: t.score,
    eventCount: t.eventCount,
  };
}
