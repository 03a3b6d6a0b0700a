import { canonicalJson } from '@/lib/text/canonical-json';

/**
 * Which tool call each expected-action checkpoint of a run is compared with.
 *
 * One function for the importer (the stored `eventIndex`) and the trajectory
 * page (which re-reads it, so runs imported before this rule get it too).
 * The anchor is not simply the first call of the tool: an agent that searched
 * twice is compared with the search that is closest to the expected one, and a
 * call that already satisfied another checkpoint is not what a failed one is
 * diagnosed against while another call of that tool exists.
 *
 * Closeness is the number of compared arguments whose values differ (the
 * canonical JSON of lib/contrast, so key order never counts). Passed
 * checkpoints take their matching call first; the failed ones then share out
 * the calls left, closest pair first (a greedy assignment: a run has a handful
 * of expected actions, and ties go to the earlier checkpoint and call). A
 * failed checkpoint whose tool has no call left falls back to its closest call
 * and names the passed checkpoints it shares that call with.
 */

export type AnchorCall = { position: number; tool: string | null; arguments: unknown };

export type ExpectedAction = {
  key: string;
  passed: boolean;
  /** The tool name, with or without its app prefix (`search_direct_flight` matches `airline.search_direct_flight`). */
  tool: string;
  arguments: Record<string, unknown>;
  /** The argument names the benchmark compares; null = every expected argument. */
  compared: string[] | null;
};

export type AnchorCandidate = {
  position: number;
  /** The compared arguments whose values differ from the expected ones (none = the expected call). */
  differing: string[];
  /** Passed checkpoints anchored at this call. */
  passedKeys: string[];
};

export type ActionAnchor = {
  eventIndex: number | null;
  /** The anchored call has the expected values on every compared argument. */
  exact: boolean;
  differing: string[];
  /** Passed checkpoints anchored at the same call (a failed checkpoint whose tool had no other call). */
  sharedWith: string[];
  /** Every call of the tool, closest first (the anchor first of all). */
  candidates: AnchorCandidate[];
};

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export function sameTool(expected: string, tool: string | null): boolean {
  if (!tool) return false;
  return tool === expected || tool.endsWith(`.${expected}`) || expected.endsWith(`.${tool}`);
}

/** The compared argument names whose values in `actual` differ from the expected ones. */
export function differingArgumentNames(expected: ExpectedAction, actual: unknown): string[] {
  const args = asRecord(actual);
  const keys = expected.compared ?? Object.keys(expected.arguments);
  return keys.filter((k) => canonicalJson(args[k] ?? null) !== canonicalJson(expected.arguments[k] ?? null)).sort();
}

type Pair = { cp: number; call: AnchorCall; differing: string[] };

export function assignCheckpointAnchors(actions: ExpectedAction[], calls: AnchorCall[]): Map<string, ActionAnchor> {
  const ordered = [...calls].sort((a, b) => a.position - b.position);
  // Every call of each checkpoint's tool with its differing arguments, closest first, then earliest.
  const options: Pair[][] = actions.map((a, cp) =>
    ordered
      .filter((c) => sameTool(a.tool, c.tool))
      .map((call) => ({ cp, call, differing: differingArgumentNames(a, call.arguments) }))
      .sort((x, y) => x.differing.length - y.differing.length || x.call.position - y.call.position),
  );
  const chosen = new Map<number, Pair>();
  const used = new Set<number>();
  const take = (p: Pair) => {
    chosen.set(p.cp, p);
    used.add(p.call.position);
  };

  // Passed checkpoints first: their call is known (the closest; an unused one among equally close).
  actions.forEach((a, cp) => {
    if (!a.passed || !options[cp].length) return;
    const best = options[cp][0].differing.length;
    const tied = options[cp].filter((p) => p.differing.length === best);
    take(tied.find((p) => !used.has(p.call.position)) ?? tied[0]);
  });

  // Failed checkpoints share out the calls left, closest pair first.
  const open = options
    .flat()
    .filter((p) => !actions[p.cp].passed && !used.has(p.call.position))
    .sort((x, y) => x.differing.length - y.differing.length || x.cp - y.cp || x.call.position - y.call.position);
  for (const p of open) if (!chosen.has(p.cp) && !used.has(p.call.position)) take(p);
  // Nothing left for its tool: the closest call, even one another checkpoint has (said so by `sharedWith`).
  actions.forEach((a, cp) => {
    if (!chosen.has(cp) && options[cp].length) chosen.set(cp, options[cp][0]);
  });

  const passedAt = new Map<number, string[]>();
  for (const [cp, p] of chosen)
    if (actions[cp].passed) passedAt.set(p.call.position, [...(passedAt.get(p.call.position) ?? []), actions[cp].key]);

  const out = new Map<string, ActionAnchor>();
  actions.forEach((a, cp) => {
    const p = chosen.get(cp);
    const candidates = options[cp].map((o) => ({
      position: o.call.position,
      differing: o.differing,
      passedKeys: (passedAt.get(o.call.position) ?? []).filter((k) => k !== a.key),
    }));
    // The anchor leads the list, the others follow closest first.
    if (p) candidates.sort((x, y) => Number(y.position === p.call.position) - Number(x.position === p.call.position));
    out.set(a.key, {
      eventIndex: p?.call.position ?? null,
      exact: p != null && p.differing.length === 0,
      differing: p?.differing ?? [],
      sharedWith: p ? (passedAt.get(p.call.position) ?? []).filter((k) => k !== a.key) : [],
      candidates,
    });
  });
  return out;
}
