import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { findPrivacyIssues } from '@/lib/privacy/validate-privacy';
import { checkpointIds, generalisedText, sentences } from './annotator-text';
import { evaluatorWording } from './evaluator-wording';
import { alignedContrast, anchoredActions, uniq } from './offline-contrast';
import { call, clip, decisionTags, describeValues, human, observableCompletion } from './offline-wording';
import { differingKeys } from '@/lib/text/canonical-json';
import type { ContrastPacket, PacketDivergence } from './packet';
import { groupByRootCause, type RootCause } from './root-causes';
import {
  asBehaviour,
  asPattern,
  bestGoal,
  fitPhrase,
  goalAsSituation,
  instructionGoals,
  lowerFirst,
  stems,
  toolAction,
  upperFirst,
} from './situation-wording';
import { isStateChanging } from './tool-effects';

export { offlineCurate, OFFLINE_THRESHOLDS, type CuratorCandidate } from './offline-curate';

/**
 * The deterministic, rule-based provider used when no LLM endpoint is
 * configured. It only rearranges what the packet already says: each root
 * cause of the task's diagnoses becomes one card whose title and trigger name
 * the situation (what the user wanted, what the agent was about to do), whose
 * rule is the annotators' corrective text without checkpoint talk, and whose
 * contrast comes from the aligned calls. The UI labels its output "rule-based".
 */
export const OFFLINE_MODEL = 'rule-based';
/** The model an offline run is stored under (what the runs list and release recipes show). */
export const OFFLINE_MODEL_LABEL = 'rule-based (offline)';

/** Stored as the run's prompt version: bump when the rules or thresholds change. */
export const OFFLINE_PIPELINE_VERSION = 'rule-based@7';

const TITLE_MAX = 120;

/**
 * The deltas, and for each the packet diagnoses (by index) it was built from: every diagnosis of its root
 * cause (provenance lists those, not all that the run read). A divergence delta has none.
 */
export function offlineReflect(packet: ContrastPacket): { deltas: unknown[]; sources: number[][] } {
  const causes = groupByRootCause(packet.diagnoses).slice(0, 3);
  const built: Sourced[] = causes.length
    ? causes.map((c) => ({ delta: deltaFromCause(packet, c), sources: c.diagnoses.map((d) => d.index) }))
    : divergenceDeltas(packet).map((delta) => ({ delta, sources: [] }));
  const kept = distinctTitles(built);
  return { deltas: kept.map((k) => k.delta), sources: kept.map((k) => k.sources) };
}

type Sourced = { delta: SkillCardContent; sources: number[] };

/** No usable diagnosis (the run did not require one): where the runs diverged, one card per passing call. */
function divergenceDeltas(packet: ContrastPacket): SkillCardContent[] {
  const byStep = new Map<string, PacketDivergence>();
  for (const v of packet.divergences)
    if (v.passing_action && toolAction(v.passing_action.tool) && !byStep.has(v.passing_action.tool))
      byStep.set(v.passing_action.tool, v);
  return [...byStep.values()].slice(0, 3).map((v) => deltaFromDivergence(packet, v));
}

/**
 * Two cards of one run never share a title (approval refuses the second):
 * a later card takes its action as the situation instead, and one that still
 * collides is the same lesson, so its lists join the earlier card.
 */
function distinctTitles(deltas: Sourced[]): Sourced[] {
  const out: Sourced[] = [];
  for (const d of deltas) {
    const taken = (t: string) => out.some((o) => o.delta.title.toLowerCase() === t.toLowerCase());
    if (!taken(d.delta.title)) {
      out.push(d);
      continue;
    }
    const alt = alternativeTitle(d.delta);
    if (alt && !taken(alt)) {
      out.push({ ...d, delta: { ...d.delta, title: alt } });
      continue;
    }
    // The same lesson: the diagnoses behind it are behind the earlier card.
    const same = out.find((o) => o.delta.title.toLowerCase() === d.delta.title.toLowerCase());
    if (same) same.sources = [...new Set([...same.sources, ...d.sources])];
  }
  return out;
}

function alternativeTitle(d: SkillCardContent): string | null {
  const act = d.functions_used.map(toolAction).find(Boolean);
  const [, rule] = d.title.split(/:\s+/, 2);
  return act && rule ? composeTitle(upperFirst(act.gerund), rule) : null;
}

/**
 * What the task was about at this decision: the instruction's goal that shares
 * words with the rule and the call in question, else the action itself (a
 * goal that only shares "flight" with a compensation rule is not its situation).
 */
function situation(
  packet: ContrastPacket,
  about: string,
  tools: string[],
  preferGoal = false,
): { lead: string; goal: string | null; fromAction?: boolean } {
  const goals = instructionGoals(packet.task.instruction);
  const names = tools.map((t) => human(t.slice(t.indexOf('.') + 1)));
  const goal = bestGoal(
    goals,
    `${about} ${names.join(' ')}`,
    names.map((n) => n.split(' ')[0]),
  );
  if (goal) return { lead: goalAsSituation(goal), goal };
  if (preferGoal && goals[0]) return { lead: goalAsSituation(goals[0]), goal: goals[0] };
  const act = tools.map(toolAction).find(Boolean);
  if (act) return { lead: upperFirst(act.gerund), goal: goals[0] ?? null, fromAction: true };
  return goals[0] ? { lead: goalAsSituation(goals[0]), goal: goals[0] } : { lead: 'Handling the request', goal: null };
}

/** "<Situation>: <rule clause>", whole phrases only; the rule's condition ("when …,") is the trigger's business. */
function composeTitle(lead: string, rule: string): string {
  const first = (sentences(rule)[0] ?? rule).replace(/\s*\([^()]*\)/g, '');
  const action = first.replace(/^(?:when|if|once|whenever|after|as soon as)\b[^,]*,\s*/i, '');
  const room = TITLE_MAX - lead.length - 2;
  const clause = fitPhrase(lowerFirst(action), room) ?? fitPhrase(lowerFirst(first), room);
  if (clause) return `${lead}: ${clause}`;
  return fitPhrase(upperFirst(action), TITLE_MAX) ?? lead;
}

/** "The user wants to …, and the agent is about to …": one sentence, no function names. */
function trigger(goal: string | null, tool: string | null, step: string | null, open?: string): string {
  const act = tool ? toolAction(tool) : null;
  const doing = act
    ? isStateChanging(tool!)
      ? `the agent is about to ${act.imperative}${open ? ` with the ${open} still to choose` : ''}`
      : `the agent is ${act.gerund}`
    : null;
  const parts = [
    goal ? `the user wants to ${goal}` : null,
    doing ?? (goal ? null : 'the agent is handling a request'),
  ].filter(Boolean);
  const base = upperFirst(parts.join(', and '));
  const withStep = step ? `${base}, and what has to come out of this step is ${step}` : base;
  return `${withStep.length <= 399 ? withStep : base}.`;
}

function deltaFromCause(packet: ContrastPacket, cause: RootCause): SkillCardContent {
  const [d] = cause.diagnoses;
  const anchored = anchoredActions(packet, d);
  const contrast = alignedContrast(packet, d, anchored);
  const spanTools = [...new Set(cause.diagnoses.flatMap((x) => anchoredActions(packet, x).actions.map((a) => a.tool)))];
  // The card is about the call the annotator pointed at; the contrast only supplies its examples.
  const focus =
    (anchored.ownRun ? (anchored.actions.find((a) => isStateChanging(a.tool))?.tool ?? spanTools[0]) : undefined) ??
    contrast.failTool ??
    contrast.passTool ??
    null;
  const others = cause.diagnoses.slice(1).map((x) => alignedContrast(packet, x, anchoredActions(packet, x)));
  const fns = [
    ...new Set([
      ...spanTools,
      ...[contrast, ...others].flatMap((c) => [c.passTool, c.failTool].filter((t): t is string => Boolean(t))),
    ]),
  ];
  const wrongs = uniq(cause.diagnoses.map((x) => generalisedText(x.what_went_wrong)));
  const where = situation(packet, cause.rule, focus ? [focus] : fns);
  const keys = contrast.keys;
  // The first sentence is the behaviour; what follows ("; it stopped looking after…") is the run's story.
  const behaviour = wrongs.map((w) => {
    const first = (sentences(w)[0] ?? w).replace(/[.;]+$/, '');
    return { text: first, act: asBehaviour(first) };
  });
  const act = focus ? toolAction(focus) : null;
  return {
    title: composeTitle(where.lead, cause.rule),
    applies_when: trigger(where.goal, focus, plainStep(d.checkpoint_description)),
    solves: clip(
      behaviour[0]
        ? upperFirst(behaviour[0].act ?? asPattern(behaviour[0].text))
        : act
          ? `${upperFirst(act.gerund)} in a way that does not do what the user asked`
          : 'Finishing without doing what the user asked',
      400,
    ),
    tags: situationTags(where.goal, fns, keys, packet.task.apps),
    skill: {
      core_rule: clip(cause.rule, 400),
      completion_condition: [clip(observableCompletion(focus, keys), 300)],
      success_contrast: uniq([...contrast.success, ...others.flatMap((o) => o.success)]).slice(0, 3),
      failure_contrast: uniq([
        ...behaviour.map((b) =>
          clip(
            b.act ? `A failing run ended up ${b.act}` : `In a failing run, ${lowerFirst(b.text.replace(/[.]+$/, ''))}`,
            300,
          ),
        ),
        ...contrast.failure,
        ...others.flatMap((o) => o.failure),
      ]).slice(0, 3),
      recovery: packet.all_failed ? [clip(`If the wrong action already happened, correct it: ${cause.rule}`, 300)] : [],
      efficiency: [],
    },
    evidence: {
      observed_feedback: uniq(
        cause.diagnoses.map((x) =>
          clip(
            checkpointIds(x.checkpoint).length
              ? `A run failed a checked step after this point (${x.category})`
              : `The run failed at "${x.checkpoint}" after this step (${x.category})`,
            400,
          ),
        ),
      ).slice(0, 4),
      state_transition: [],
      good_examples: uniq([...contrast.good, ...others.flatMap((o) => o.good)]).slice(0, 3),
      bad_examples: uniq([...contrast.bad, ...others.flatMap((o) => o.bad)])
        .filter((b) => !contrast.good.some((g) => g.toLowerCase() === b.toLowerCase()))
        .slice(0, 3),
    },
    functions_used: fns,
  };
}

/**
 * A checkpoint description that reads as an outcome the agent can see
 * ("Confirmed the bag count with the user" → "confirming the bag count with
 * the user"); null for verifier boilerplate, expected calls and ids.
 */
function plainStep(desc: string): string | null {
  if (!desc || desc.length > 160 || desc.includes('(') || /\w\.\w/.test(desc)) return null;
  if (findPrivacyIssues(desc).length || evaluatorWording(desc).length || checkpointIds(desc).length) return null;
  const b = asBehaviour(desc);
  return b ? b.replace(/[.]+$/, '') : null;
}

/** Tags from what the situation is about (the goal's words), then the functions and arguments in play. */
function situationTags(goal: string | null, tools: string[], keys: string[], apps: string[]): string[] {
  const goalWords = goal
    ? goal
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((w) => w.length > 3 && stems(w).size > 0)
        .slice(1, 4)
    : [];
  return uniq([...goalWords, ...decisionTags(tools, keys, apps)]).slice(0, 8);
}

/**
 * "<goal>: <what the passing run did> before <what the failing run did>"; with
 * no goal in the instruction the action is the situation, so it leads alone
 * ("Work out the amount before searching for flights", not "Working out the
 * amount: work out the amount…").
 */
function divergenceTitle(
  where: { lead: string; fromAction?: boolean },
  rule: string,
  sameCall: boolean,
  failAct: { gerund: string } | null,
): string {
  const clause = sameCall
    ? rule
    : `${rule.replace(/^(?:Before [^,]+|At this point),\s*/, '')} before ${failAct ? failAct.gerund : 'replying'}`;
  if (!where.fromAction) return composeTitle(where.lead, clause);
  return fitPhrase(upperFirst(clause), TITLE_MAX) ?? composeTitle(where.lead, clause);
}

/** A weaker, diagnosis-free rule: do what the passing run did at the first point a failing run departed. */
function deltaFromDivergence(packet: ContrastPacket, v: PacketDivergence): SkillCardContent {
  const pass = v.passing_action!;
  const fail = v.failing_action;
  const passAct = toolAction(pass.tool)!;
  const failAct = fail ? toolAction(fail.tool) : null;
  const where = situation(packet, '', [pass.tool], true);
  const sameCall = fail && fail.tool === pass.tool;
  const differing = sameCall ? differingKeys(pass.arguments, fail.arguments) : [];
  // De-identified values can look alike (<ID> vs <ID>): then only "the arguments" is known to differ.
  const what = differing.length ? clip(human(differing.join(', ')), 120) : 'arguments';
  const rule = sameCall
    ? `Before ${passAct.gerund}, take the ${what} from what the user asked and the latest observations`
    : failAct
      ? `Before ${failAct.gerund}, ${passAct.imperative}`
      : fail
        ? `At this point, ${passAct.imperative}`
        : `Before replying to the user, ${passAct.imperative}`;
  return {
    title: divergenceTitle(
      where,
      sameCall ? `take the ${what} from what the user asked` : rule,
      Boolean(sameCall),
      failAct,
    ),
    applies_when: trigger(where.goal, sameCall ? pass.tool : (fail?.tool ?? null), null, sameCall ? what : undefined),
    solves: clip(
      sameCall
        ? `${upperFirst(passAct.gerund)} with the wrong ${what}`
        : failAct
          ? `${upperFirst(failAct.gerund)} where ${passAct.gerund} was needed`
          : `Finishing before ${passAct.gerund}`,
      400,
    ),
    tags: situationTags(
      where.goal,
      [pass.tool, ...(fail && !sameCall ? [fail.tool] : [])],
      differing,
      packet.task.apps,
    ),
    skill: {
      core_rule: clip(
        sameCall
          ? `Before calling ${pass.tool}, take the ${what} from what the user asked and the latest observations, as the passing run did`
          : `${rule} (${pass.tool}${fail ? ` rather than ${fail.tool}` : ''}), as the passing run did`,
        400,
      ),
      completion_condition: [clip(observableCompletion(pass.tool, differing), 300)],
      success_contrast: [
        clip(
          differing.length
            ? `A passing run called ${pass.tool} with ${describeValues(pass.arguments, differing)}`
            : `A passing run called ${pass.tool} at this point`,
          300,
        ),
      ],
      failure_contrast: [
        clip(
          sameCall
            ? differing.length
              ? `A failing run called ${pass.tool} with ${describeValues(fail.arguments, differing)}`
              : `A failing run called ${pass.tool} with different ${what}`
            : fail
              ? `A failing run called ${fail.tool} instead`
              : `A failing run stopped without calling ${pass.tool}`,
          300,
        ),
      ],
      recovery: [],
      efficiency: [],
    },
    evidence: {
      observed_feedback: [],
      state_transition: [],
      good_examples: [call(pass.tool, pass.arguments)],
      bad_examples: fail ? [call(fail.tool, fail.arguments)] : [],
    },
    functions_used: [...new Set([pass.tool, ...(fail && !sameCall ? [fail.tool] : [])])],
  };
}
