import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { NativeRecordInput } from '../native-schema';
import { readFolderText, tacAgentFolders, type FolderInput } from './folder-input';
import { isObj, nativeRecord } from './shared';
import { checkpointId, parseCheckpointsMd, scoreOf, type TacCheckpointDef } from './tac-checkpoints';
import { abilityOf, agentAndModel, TAC_BENCHMARK } from './tac-names';
import { readTacTrajectory } from './tac-trajectory';
import { DATA_QUALITY_KEY } from '@/lib/trajectories/data-quality';
import { NOT_STARTED_KEY, type AdapterOptions, type ItemWarning, type SourceItem } from './types';

/**
 * TheAgentCompany agent folders (issue 42; data README §3): one trajectory
 * per `results/eval_<task>.json`, its checkpoints' points in order, named from
 * the tasks folder's `checkpoints.md` when there is one; the trajectory from
 * whichever file the agent left (tac-trajectory.ts). Several agent folders in
 * one input (an archive of a whole experiments folder) each import as their
 * own agent and model, so their runs of one task line up in the task contrast.
 */
type TaskSpec = { instruction: string | null; checkpoints: TacCheckpointDef[] | null };

async function readOptional(file: string): Promise<string | null> {
  return readFile(file, 'utf8').catch(() => null);
}

/** The tasks folder: --tasks, else `tasks/` beside the agent folder or at the input's root. */
function tasksRoot(folder: FolderInput, agent: string, opts: AdapterOptions): string | null {
  if (opts.tasksDir) return opts.tasksDir;
  const parent = agent.includes('/') ? agent.slice(0, agent.lastIndexOf('/')) : '';
  for (const dir of [parent ? `${parent}/tasks` : 'tasks', 'tasks'])
    if (folder.files.some((f) => f.startsWith(`${dir}/`))) return path.join(folder.root, dir);
  return null;
}

async function taskSpec(root: string | null, task: string): Promise<TaskSpec> {
  if (!root) return { instruction: null, checkpoints: null };
  const instruction = await readOptional(path.join(root, task, 'task.md'));
  const md = await readOptional(path.join(root, task, 'checkpoints.md'));
  return { instruction: instruction?.trim() || null, checkpoints: md ? parseCheckpointsMd(md) : null };
}

export async function* tacFolderAdapter(folder: FolderInput, opts: AdapterOptions): AsyncIterable<SourceItem> {
  const agents = tacAgentFolders(folder);
  if (!agents.length) {
    yield { kind: 'fatal', reason: `${opts.fileName} holds no TheAgentCompany results (no results/eval_<task>.json).` };
    return;
  }
  let index = 0;
  for (const agent of agents) {
    const named = agentAndModel(path.basename(agent || folder.root));
    const model = opts.model ?? named.model;
    const agentName = opts.agent ?? named.agent ?? null;
    if (!model) {
      yield {
        kind: 'fatal',
        reason: `Nothing names the model of ${agent || opts.fileName}: name it with --model / the Model field.`,
      };
      return;
    }
    const tasks = tasksRoot(folder, agent, opts);
    const prefix = agent ? `${agent}/results/` : 'results/';
    const results = folder.files.filter(
      (f) => f.startsWith(prefix) && /^eval_[^/]+\.json$/.test(f.slice(prefix.length)),
    );
    for (const file of results) {
      const recordIndex = index++;
      const task = file
        .slice(prefix.length)
        .replace(/^eval_/, '')
        .replace(/\.json$/, '');
      try {
        yield { ...(await tacRecord(folder, { agent, file, task, model, agentName, tasks })), recordIndex };
      } catch (err) {
        yield { kind: 'error', recordIndex, path: file, reason: (err as Error).message };
      }
    }
  }
}

type RunRef = {
  agent: string;
  file: string;
  task: string;
  model: string;
  agentName: string | null;
  tasks: string | null;
};

async function tacRecord(folder: FolderInput, run: RunRef): Promise<SourceItem & { kind: 'record' | 'warning' }> {
  // Paths as seen from the agent folder's parent, so the folder and an archive of it (under any top folder) import alike.
  const cut = run.agent.includes('/') ? run.agent.lastIndexOf('/') + 1 : 0;
  const shown = (f: string) => f.slice(cut);
  let evalJson: unknown;
  try {
    evalJson = JSON.parse(await readFolderText(folder, run.file));
  } catch (err) {
    throw new Error(`not valid JSON (${(err as Error).message})`);
  }
  if (!isObj(evalJson)) throw new Error('a results file must be a JSON object with "checkpoints" and "final_score"');
  const warnings: ItemWarning[] = [];
  const score = scoreOf(evalJson, warnings);
  const spec = await taskSpec(run.tasks, run.task);
  const trajectory = await readTacTrajectory(folder, run.agent, run.task);
  for (const w of trajectory.warnings) warnings.push({ path: shown(trajectory.file ?? run.file), reason: w });

  // The task's checkpoints: checkpoints.md when given (one definition for every agent), else as many as scored.
  const defs: TacCheckpointDef[] =
    spec.checkpoints ??
    score.points.map((p, i) => ({
      id: checkpointId(i + 1),
      name: `Checkpoint ${i + 1}`,
      description: null,
      weight: p.total,
    }));
  if (spec.checkpoints && !score.notStarted && spec.checkpoints.length !== score.points.length)
    warnings.push({
      path: `${shown(run.file)}: checkpoints`,
      reason: `${score.points.length} checkpoints scored but checkpoints.md describes ${spec.checkpoints.length} (evaluator versions differ): results are matched in order, the rest kept in the run's metadata`,
    });
  if (!spec.checkpoints && run.tasks)
    warnings.push({
      path: `tasks/${run.task}/checkpoints.md`,
      reason: 'no checkpoints.md for this task: checkpoints are named "Checkpoint N"',
    });
  if (trajectory.kind === 'outcome_only' && !score.notStarted)
    warnings.push({
      path: shown(run.file),
      reason: 'no trajectory for this run: imported with its outcome only, it cannot be diagnosed step by step',
    });

  const checkpoints = score.points.slice(0, defs.length).map((p, i) => ({
    id: defs[i].id,
    passed: p.result >= p.total,
    score: p.result,
    total: p.total,
  }));
  const record: NativeRecordInput = nativeRecord({
    task: {
      id: run.task,
      benchmark: TAC_BENCHMARK,
      ability: abilityOf(run.task),
      instruction: spec.instruction ?? `TheAgentCompany task ${run.task} (its task.md was not given).`,
      apps: [],
      checkpoints: defs.map((d) => ({ id: d.id, name: d.name, description: d.description, weight: d.weight })),
      metadata: { instruction_given: spec.instruction != null, checkpoints_md: spec.checkpoints != null },
    },
    trajectory: {
      id: `${TAC_BENCHMARK}/${run.agentName ?? 'agent'}/${run.model}/${run.task}`,
      model: run.model,
      agent: run.agentName,
      outcome: {
        passed: score.fullCompletion,
        score: score.benchmarkScore,
        reason: score.notStarted
          ? 'not started (0/0)'
          : `${score.final.result} of ${score.final.total} points${score.fullCompletion ? ' (full completion)' : ''}`,
      },
      feedback: 'checkpoint_binary',
      metadata: {
        ...(score.notStarted ? { [NOT_STARTED_KEY]: true } : {}),
        source_file: shown(run.file),
        trajectory_kind: trajectory.kind,
        trajectory_file: trajectory.file && shown(trajectory.file),
        tac: {
          checkpoint_sum: score.sum,
          final_score: score.final,
          benchmark_score: score.benchmarkScore,
          full_completion: score.fullCompletion,
          not_started: score.notStarted,
          checkpoints: evalJson.checkpoints ?? [],
        },
        ...Object.fromEntries(Object.entries(evalJson).filter(([k]) => !['checkpoints', 'final_score'].includes(k))),
        ...(warnings.length ? { [DATA_QUALITY_KEY]: warnings } : {}),
      },
    },
    events: trajectory.events,
    checkpoints,
  });
  return { kind: 'record', record, warnings };
}
