/**
 * The rule-based Reflector as it worded cards before issue 40 (rule-based@5):
 * kept only so `npm run eval:reflection` prints the old wording next to the
 * new one in the same run. Not used by the product.
 */
import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { canonicalJson } from '@/lib/text/canonical-json';
import { PLACEHOLDER_RE } from '@/lib/privacy/patterns';
import { findPrivacyIssues } from '@/lib/privacy/validate-privacy';
import type { AlignedStep, ContrastPacket, PacketDiagnosis, PacketDivergence } from '@/lib/reflection/packet';
import { evaluatorWording } from '@/lib/reflection/evaluator-wording';
import { isStateChanging } from '@/lib/reflection/tool-effects';

/**
 * Wording helpers of the rule-based provider: titles after the decision,
 * tags from the decision's vocabulary (functions, objects, argument names),
 * completion conditions the agent can observe in a returned value.
 */
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);
const human = (name: string) => name.replace(/[_-]+/g, ' ').trim();
const fnOf = (tool: string) => tool.slice(tool.indexOf('.') + 1);
const call = (tool: string, args: unknown) => clip(`${tool}(${JSON.stringify(args ?? {})})`, 380);

/** Verbs and fillers that name the action, not the object it acts on. */
const VERBS = new Set([
  'get',
  'list',
  'search',
  'find',
  'read',
  'fetch',
  'lookup',
  'look',
  'up',
  'details',
  'info',
  'send',
  'create',
  'update',
  'delete',
  'remove',
  'cancel',
  'book',
  'add',
  'modify',
  'set',
  'change',
  'by',
  'of',
  'for',
  'all',
  'new',
]);
const STOP = new Set(['the', 'and', 'for', 'with', 'wrong', 'other', 'call', 'calls']);

/** "update_reservation_flights" → "reservation"; "get_user_details" → "user". */
function objectOf(tool: string): string {
  const parts = fnOf(tool).toLowerCase().split(/[_-]+/).filter(Boolean);
  const nouns = parts.filter((p) => !VERBS.has(p));
  return nouns[0] ?? parts.at(-1) ?? 'result';
}

function words(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !STOP.has(w));
}

/** Argument names whose values differ between two calls (sorted). */
function differingKeys(a: unknown, b: unknown): string[] {
  const x = (a ?? {}) as Record<string, unknown>;
  const y = (b ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(x), ...Object.keys(y)])]
    .filter((k) => canonicalJson(x[k] ?? null) !== canonicalJson(y[k] ?? null))
    .sort();
}

/** "cabin economy, total baggages 0": the values that carry the contrast (placeholders say nothing, so they are left out). */
function describeValues(args: unknown, keys: string[]): string {
  const x = (args ?? {}) as Record<string, unknown>;
  return keys
    .map((k) => {
      const v = x[k];
      if (v === undefined || v === null) return `no ${human(k)}`;
      const s = typeof v === 'string' ? v : JSON.stringify(v);
      PLACEHOLDER_RE.lastIndex = 0;
      if (PLACEHOLDER_RE.test(s) || s.length > 40) return human(k);
      return `${human(k)} ${s}`;
    })
    .join(', ');
}

/** Tags from functions, the object they act on and the argument names in play; never the failure category. */
function decisionTags(tools: string[], keys: string[], apps: string[]): string[] {
  const tags = [
    ...tools.map((t) => fnOf(t).toLowerCase().replace(/_/g, '-')),
    ...tools.map(objectOf),
    ...keys.flatMap((k) => words(k)),
    ...apps.map((a) => a.toLowerCase()),
  ].filter((t) => /^[a-z0-9][a-z0-9 _-]*$/.test(t));
  const out = [...new Set(tags)].slice(0, 8);
  for (const filler of ['tool-arguments', 'state-change', 'confirmation'])
    if (out.length < 3 && !out.includes(filler)) out.push(filler);
  return out;
}

/**
 * A completion condition the agent can check itself: the returned object
 * shows the requested values — never "the check passes" (an evaluator verdict
 * the agent cannot see).
 */
function observableCompletion(tool: string | null, keys: string[]): string {
  if (!tool) return 'The reply to the user states the outcome, and the user confirms it is what they asked for';
  const obj = human(objectOf(tool));
  if (isStateChanging(tool)) {
    return keys.length
      ? `The ${obj} returned by ${tool} shows the ${human(keys.join(', '))} the user asked for`
      : `${tool} returns the updated ${obj} without an error and it shows the change the user asked for`;
  }
  return `${tool} returned the ${obj} the next step relies on, and its values are the ones used next`;
}

/** The first clause of an annotator's corrective text, for a title that names the decision. */
function firstClause(s: string): string {
  const c = s
    .split(/(?<=[.;:!?])\s|\s(?:because|so that|since)\s/)[0]
    .replace(/[.;:!?]+$/, '')
    .trim();
  return c ? c[0].toUpperCase() + c.slice(1) : c;
}

/**
 * The deterministic, rule-based provider used when no LLM endpoint is
 * configured. It only rearranges what the packet already says: a diagnosis's
 * corrective rule becomes the core rule, its anchored span the functions used
 * and failure contrast, a passing run's step at the divergence the success
 * contrast. The UI labels its output "rule-based".
 */

export function offlineReflectBefore(packet: ContrastPacket): { deltas: unknown[] } {
  const seen = new Set<string>();
  const picked: PacketDiagnosis[] = [];
  for (const d of packet.diagnoses) {
    // Several failed checkpoints of one run often share one diagnosis text: one rule each.
    const key = `${d.what_should_have_happened.trim().toLowerCase()}|${d.category}`;
    if (!d.what_should_have_happened.trim() || seen.has(key)) continue;
    seen.add(key);
    picked.push(d);
    if (picked.length === 3) break;
  }
  if (picked.length) return { deltas: picked.map((d) => deltaFromDiagnosis(packet, d)) };
  // No usable diagnosis (the run did not require one): fall back to where the runs diverged.
  const byStep = new Map<string, PacketDivergence>();
  for (const v of packet.divergences)
    if (v.passing_action && !byStep.has(v.passing_action.tool)) byStep.set(v.passing_action.tool, v);
  return { deltas: [...byStep.values()].slice(0, 3).map((v) => deltaFromDivergence(packet, v)) };
}

/** A weaker, diagnosis-free rule: do what the passing run did at the first point a failing run departed. */
function deltaFromDivergence(packet: ContrastPacket, v: PacketDivergence): SkillCardContent {
  const pass = v.passing_action!;
  const fail = v.failing_action;
  if (fail && fail.tool === pass.tool) return argumentDelta(packet, pass, fail);
  const fnName = human(fnOf(pass.tool));
  return {
    title: clip(fail ? `Call ${fnName} here, not ${human(fnOf(fail.tool))}` : `Call ${fnName} before finishing`, 120),
    applies_when: clip(
      `The task reaches the step where a passing run called ${pass.tool}${fail ? ` and a failing run called ${fail.tool} instead` : ''}`,
      400,
    ),
    solves: clip(
      fail ? `Calling ${fail.tool} where ${pass.tool} was needed` : `Stopping before calling ${pass.tool}`,
      400,
    ),
    tags: decisionTags([pass.tool, ...(fail ? [fail.tool] : [])], [], packet.task.apps),
    skill: {
      core_rule: clip(
        `At this point call ${pass.tool}${fail ? ` rather than ${fail.tool}` : ' before finishing'}, as the passing run did`,
        400,
      ),
      completion_condition: [clip(observableCompletion(pass.tool, []), 300)],
      success_contrast: [clip(`A passing run called ${pass.tool} at this point`, 300)],
      failure_contrast: [
        clip(
          fail ? `A failing run called ${fail.tool} instead` : `A failing run stopped without calling ${pass.tool}`,
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
    functions_used: [...new Set([pass.tool, ...(fail ? [fail.tool] : [])])],
  };
}

/** Both runs called the same function at the divergence: the lesson is about its arguments, not which call to make. */
function argumentDelta(
  packet: ContrastPacket,
  pass: { tool: string; arguments: unknown },
  fail: { tool: string; arguments: unknown },
): SkillCardContent {
  const fnName = human(fnOf(pass.tool));
  const differing = differingKeys(pass.arguments, fail.arguments);
  // De-identified values can look alike (<ID> vs <ID>): then only "the arguments" is known to differ.
  // Argument names read as words ("total baggages"), as in the title.
  const what = differing.length ? clip(human(differing.join(', ')), 120) : 'arguments';
  return {
    title: clip(
      differing.length
        ? `Set ${human(differing.join(', '))} in ${fnName} to what the user asked`
        : `Check the arguments of ${fnName} before calling it`,
      120,
    ),
    applies_when: clip(
      `The task reaches the call of ${pass.tool}, where the passing and failing runs differ in the ${what} they passed`,
      400,
    ),
    solves: clip(`Calling ${pass.tool} with the wrong ${what}`, 400),
    tags: decisionTags([pass.tool], differing, packet.task.apps),
    skill: {
      core_rule: clip(
        `Before calling ${pass.tool}, take the ${what} from what the user asked and the latest observations, as the passing run did`,
        400,
      ),
      completion_condition: [clip(observableCompletion(pass.tool, differing), 300)],
      success_contrast: [
        clip(
          differing.length
            ? `A passing run called ${pass.tool} with ${describeValues(pass.arguments, differing)}`
            : `A passing run called ${pass.tool} with ${what} that matched the task`,
          300,
        ),
      ],
      failure_contrast: [
        clip(
          differing.length
            ? `A failing run called ${pass.tool} with ${describeValues(fail.arguments, differing)}`
            : `A failing run called ${pass.tool} with different ${what}`,
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
      bad_examples: [call(fail.tool, fail.arguments)],
    },
    functions_used: [pass.tool],
  };
}

function deltaFromDiagnosis(packet: ContrastPacket, d: PacketDiagnosis): SkillCardContent {
  const anchored = anchoredActions(packet, d);
  const contrast = alignedContrast(packet, d, anchored);
  const spanTools = [...new Set(anchored.actions.map((a) => a.tool))];
  // The card is about the call the annotator pointed at; the contrast only supplies its examples.
  const focus =
    (anchored.ownRun ? (anchored.actions.find((a) => isStateChanging(a.tool))?.tool ?? spanTools[0]) : undefined) ??
    contrast.failTool ??
    contrast.passTool;
  const fns = [
    ...new Set([
      ...spanTools,
      ...(contrast.passTool ? [contrast.passTool] : []),
      ...(contrast.failTool ? [contrast.failTool] : []),
    ]),
  ];
  // Verifier descriptions that spell out an expected call are scenario detail, not a trigger.
  const desc = d.checkpoint_description;
  // Evaluator boilerplate ("db_check: …", "judged by an LLM") is judge prose, not a trigger either.
  const plainDesc =
    desc &&
    desc.length <= 160 &&
    !desc.includes('(') &&
    findPrivacyIssues(desc).length === 0 &&
    evaluatorWording(desc).length === 0
      ? desc
      : null;
  const trigger =
    plainDesc ?? (focus ? `the task reaches the call of ${focus}` : `the task reaches the step "${d.checkpoint}"`);
  const keys = contrast.keys;
  return {
    title: clip(decisionTitle(d, contrast, focus), 120),
    // A checkpoint description is often a past-tense verdict ("Confirmed the cabin…"): quoted, it reads as what is checked.
    applies_when: clip(
      `${plainDesc ? `The task checks "${trigger.replace(/[.\s]+$/, '')}"` : trigger[0].toUpperCase() + trigger.slice(1)}${spanTools.length ? ` (calls such as ${spanTools.join(', ')})` : ''}`,
      400,
    ),
    solves: clip(
      d.what_went_wrong ||
        (focus
          ? `Calling ${focus} in a way that does not do what the user asked`
          : 'Finishing without doing what the user asked'),
      400,
    ),
    tags: decisionTags(fns, keys, packet.task.apps),
    skill: {
      core_rule: clip(d.what_should_have_happened, 400),
      completion_condition: [clip(observableCompletion(focus ?? null, keys), 300)],
      success_contrast: contrast.success,
      failure_contrast: uniq([
        ...(d.what_went_wrong ? [clip(`A failing run: ${d.what_went_wrong}`, 300)] : []),
        ...contrast.failure,
      ]).slice(0, 3),
      recovery: packet.all_failed
        ? [clip(`If the wrong action already happened, correct it: ${d.what_should_have_happened}`, 300)]
        : [],
      efficiency: [],
    },
    evidence: {
      observed_feedback: [clip(`The run failed at "${d.checkpoint}" after this step (${d.category})`, 400)],
      state_transition: [],
      good_examples: contrast.good,
      bad_examples: contrast.bad,
    },
    functions_used: fns,
  };
}

type Contrast = {
  passTool: string | null;
  failTool: string | null;
  keys: string[];
  good: string[];
  bad: string[];
  success: string[];
  failure: string[];
};

/**
 * The contrast at the diagnosed call, from the aligned step: the passing runs'
 * calls in that row are the good examples, the failing runs' the bad ones
 * (de-duplicated). With every run failed there is no success content at all.
 */
function alignedContrast(
  packet: ContrastPacket,
  d: PacketDiagnosis,
  anchored: { actions: { tool: string; arguments: unknown }[]; ownRun: boolean },
): Contrast {
  let step = d.aligned_step;
  // Same call after de-identification (another message id, say): the lesson is where the run departed, not here.
  const div = packet.divergences.find((v) => v.failing_run === d.run && v.passing_action);
  if (step && div && !showsContrast(step)) {
    step = {
      passing: [{ run: div.passing_run, ...div.passing_action! }],
      failing: div.failing_action ? [{ run: d.run, ...div.failing_action }] : [],
    };
  }
  const passing = packet.all_failed ? [] : (step?.passing ?? []);
  // Only calls the diagnosed run (or another failing run at the same point) made are bad examples.
  const failing = step?.failing.length
    ? step.failing
    : anchored.ownRun
      ? anchored.actions.slice(0, 3).map((a) => ({ run: d.run, ...a }))
      : [];
  const passTool = passing[0]?.tool ?? null;
  const failTool = (failing.find((f) => f.run === d.run) ?? failing[0])?.tool ?? null;
  const sameTool = passTool !== null && passTool === failTool;
  const failCall = failing.find((f) => f.run === d.run) ?? failing[0];
  const keys =
    sameTool && failCall
      ? [...new Set(passing.flatMap((p) => differingKeys(p.arguments, failCall.arguments)))].sort()
      : [];
  const good = uniq(passing.map((p) => call(p.tool, p.arguments))).slice(0, 3);
  // A bad example identical to a good one teaches nothing (the validator would reject the whole delta).
  const goodSet = new Set(good.map((g) => g.toLowerCase()));
  const bad = uniq(failing.map((f) => call(f.tool, f.arguments)))
    .filter((b) => !goodSet.has(b.toLowerCase()))
    .slice(0, 3);
  const success = passing.length
    ? uniq(
        passing.map((p) =>
          clip(
            keys.length
              ? `A passing run called ${p.tool} with ${describeValues(p.arguments, keys)}`
              : `A passing run called ${p.tool} at this point`,
            300,
          ),
        ),
      ).slice(0, 3)
    : [];
  // A failing run that passed what the passing runs passed (it failed elsewhere) is no contrast: listed, it
  // read "a failing run called X with total baggages 0" under "a passing run called X with total baggages 0".
  const passedValues = new Set(
    passing.filter((p) => p.tool === passTool).map((p) => describeValues(p.arguments, keys)),
  );
  const failure =
    failing.length && passTool
      ? uniq(
          failing
            .filter((f) => !(f.tool === passTool && keys.length && passedValues.has(describeValues(f.arguments, keys))))
            .map((f) =>
              clip(
                f.tool === passTool
                  ? keys.length
                    ? `A failing run called ${f.tool} with ${describeValues(f.arguments, keys)}`
                    : ''
                  : `A failing run called ${f.tool} where passing runs called ${passTool}`,
                300,
              ),
            ),
        ).filter(Boolean)
      : [];
  return { passTool, failTool, keys, good, bad, success, failure };
}

function showsContrast(step: AlignedStep): boolean {
  const good = new Set(step.passing.map((p) => call(p.tool, p.arguments)));
  return step.passing.length > 0 && step.failing.some((f) => !good.has(call(f.tool, f.arguments)));
}

/** Titles name the decision the card is about, not the failure category. */
function decisionTitle(d: PacketDiagnosis, c: Contrast, focus: string | undefined | null): string {
  if (c.passTool && c.failTool && c.passTool !== c.failTool)
    return `Call ${human(fnOf(c.passTool))} instead of ${human(fnOf(c.failTool))} at this point`;
  const fn = focus ? human(fnOf(focus)) : null;
  if (fn && c.keys.length) return `Set ${human(c.keys.join(', '))} in ${fn} to what the user asked`;
  const clause = firstClause(d.what_should_have_happened);
  if (fn)
    return clause
      ? `${fn[0].toUpperCase()}${fn.slice(1)}: ${clause[0].toLowerCase()}${clause.slice(1)}`
      : `Decide how to call ${fn}`;
  return clause || `Handle the step "${d.checkpoint}"`;
}

function uniq(xs: string[]): string[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = x.trim().toLowerCase();
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The calls a diagnosis points at: those in its span; else the run's last call
 * at or before the span (annotators often anchor on the message after it);
 * else the checkpoint's own tool when the checkpoint is named after one.
 */
function anchoredActions(
  packet: ContrastPacket,
  d: PacketDiagnosis,
): { actions: { tool: string; arguments: unknown }[]; ownRun: boolean } {
  if (d.actions_in_span.length) return { actions: d.actions_in_span, ownRun: true };
  const run = packet.runs.find((r) => r.label === d.run);
  const end = d.span.end ?? d.span.start;
  const before = end === null ? undefined : run?.actions.filter((a) => a.position <= end).at(-1);
  if (before) return { actions: [before], ownRun: true };
  const own = run?.actions.find((a) => a.tool === d.checkpoint);
  if (own) return { actions: [own], ownRun: true };
  const other = packet.runs.flatMap((r) => r.actions).find((a) => a.tool === d.checkpoint);
  return { actions: other ? [other] : [], ownRun: false };
}

/**
 * The old wording measured the way the report measures the new one: each
 * reflected task's packet through the old Reflector, every valid delta an ADD
 * (the bank is empty while the eval reflects), its curation flaws, then the
 * cards written to the bank for the retrieval hit rates and removed again.
 */
export async function measureBefore(
  actor: import('@/lib/auth/permissions').Actor,
  tasks: import('@/lib/eval/retrieval-hits').EvalTask[],
  reflected: { id: string; benchmark: string; externalId: string }[],
  settings: import('@/lib/reflection/run-settings').ReflectionRunSettings,
  labels: import('@/lib/eval/retrieval-hits').RetrievalLabels,
): Promise<{
  flaws: import('@/lib/eval/curation-flaw-report').FlawRow[];
  retrieval: string[];
  own: import('@/lib/eval/retrieval-hits').HitRate;
  other: import('@/lib/eval/retrieval-hits').HitRate;
}> {
  const { prisma } = await import('@/lib/db/prisma');
  const { buildContrastPacket } = await import('@/lib/reflection/packet');
  const { validateDelta } = await import('@/lib/reflection/validate-card');
  const { curationContextOf } = await import('@/lib/reflection/curation-flaws');
  const { detectedFlawRows } = await import('@/lib/eval/curation-flaw-report');
  const { bankSources, formatHits, labelledHits, ownCardHits } = await import('@/lib/eval/retrieval-hits');
  const { skillCardKey } = await import('@/lib/cards/card-schemas');
  const { randomBytes } = await import('node:crypto');
  const flaws: import('@/lib/eval/curation-flaw-report').FlawRow[] = [];
  const approvals: { taskId: string; approved: { key: string; content: unknown }[] }[] = [];
  const written: string[] = [];
  const titles = new Set<string>();
  for (const t of reflected) {
    const { packet, context } = await buildContrastPacket(t.id, settings);
    const valid = offlineReflectBefore(packet)
      .deltas.map((d) => validateDelta(d, { ...context }))
      .filter((v) => v.issues.length === 0 && v.content)
      .map((v) => v.content!);
    flaws.push(
      ...detectedFlawRows(`${t.benchmark} ${t.externalId}`, valid, curationContextOf(packet, context.observedTools)),
    );
    const approved: { key: string; content: unknown }[] = [];
    for (const c of valid) {
      // Approval refuses a second card with a title the bank already has (409 DUPLICATE_TITLE).
      if (titles.has(c.title.toLowerCase())) continue;
      titles.add(c.title.toLowerCase());
      const key = skillCardKey(randomBytes(4).toString('hex'));
      const card = await prisma.card.create({
        data: { key, kind: 'SKILL', ability: context.ability, apps: context.apps, title: c.title, tags: c.tags },
      });
      const v = await prisma.cardVersion.create({ data: { cardId: card.id, number: 1, content: c } });
      await prisma.card.update({ where: { id: card.id }, data: { currentVersionId: v.id } });
      written.push(card.id);
      approved.push({ key, content: c });
    }
    approvals.push({ taskId: t.id, approved });
  }
  const sources = bankSources(approvals);
  const own = await ownCardHits(actor, tasks, sources);
  const other = await labelledHits(actor, labels, tasks, sources);
  await prisma.card.updateMany({ where: { id: { in: written } }, data: { currentVersionId: null } });
  await prisma.cardVersion.deleteMany({ where: { cardId: { in: written } } });
  await prisma.card.deleteMany({ where: { id: { in: written } } });
  return { flaws, retrieval: formatHits(own, other, sources), own, other };
}
