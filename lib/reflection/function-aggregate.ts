import { prisma } from '@/lib/db/prisma';
import { findMatches } from '@/lib/privacy/patterns';
import { classifyKey, Deidentifier, isEnumLike } from '@/lib/privacy/deidentify';
import { isStateChanging } from './tool-effects';

/**
 * Everything observed about one tool across trajectories: the only evidence
 * a function card may use (docs/architecture.md "Cards").
 */
export type ToolAggregate = {
  tool: string;
  app: string;
  function: string;
  calls: number;
  trajectories: number;
  arguments: { name: string; calls: number; forms: string[] }[];
  returnShapes: string[];
  emptyResults: number;
  errors: { count: number; examples: string[] };
  stateChangingGuess: boolean;
};

/** Cap on calls read per run: enough to see every argument form, bounded on large imports. */
export const MAX_CALLS_SCANNED = 20_000;

export async function aggregateToolCalls(opts: { taskId?: string | null; tools?: string[] }): Promise<ToolAggregate[]> {
  const calls = await prisma.event.findMany({
    where: {
      type: 'TOOL_CALL',
      // The agent's calls only: a simulated user's tool calls (τ²-bench telecom) are not the agent's functions.
      source: 'AGENT',
      tool: opts.tools?.length ? { in: opts.tools } : { not: null },
      ...(opts.taskId ? { trajectory: { taskId: opts.taskId } } : {}),
    },
    select: { trajectoryId: true, position: true, tool: true, arguments: true, callId: true, error: true },
    orderBy: [{ tool: 'asc' }, { trajectoryId: 'asc' }, { position: 'asc' }],
    take: MAX_CALLS_SCANNED,
  });
  const trajectoryIds = [...new Set(calls.map((c) => c.trajectoryId))];
  const observations = trajectoryIds.length
    ? await prisma.event.findMany({
        where: { trajectoryId: { in: trajectoryIds }, type: 'OBSERVATION' },
        select: { trajectoryId: true, position: true, callId: true, content: true, error: true },
      })
    : [];
  const byCall = new Map<string, (typeof observations)[number]>();
  const byPos = new Map<string, (typeof observations)[number]>();
  for (const o of observations) {
    if (o.callId) byCall.set(`${o.trajectoryId}|${o.callId}`, o);
    byPos.set(`${o.trajectoryId}|${o.position}`, o);
  }

  const d = new Deidentifier();
  const out = new Map<
    string,
    ToolAggregate & {
      _traj: Set<string>;
      _args: Map<string, { calls: number; forms: Set<string> }>;
      _shapes: Set<string>;
    }
  >();
  for (const c of calls) {
    const tool = c.tool!;
    const dot = tool.indexOf('.');
    let agg = out.get(tool);
    if (!agg) {
      agg = {
        tool,
        app: tool.slice(0, dot),
        function: tool.slice(dot + 1),
        calls: 0,
        trajectories: 0,
        arguments: [],
        returnShapes: [],
        emptyResults: 0,
        errors: { count: 0, examples: [] },
        stateChangingGuess: isStateChanging(tool),
        _traj: new Set(),
        _args: new Map(),
        _shapes: new Set(),
      };
      out.set(tool, agg);
    }
    agg.calls++;
    agg._traj.add(c.trajectoryId);
    for (const [name, value] of Object.entries((c.arguments ?? {}) as Record<string, unknown>)) {
      const a = agg._args.get(name) ?? { calls: 0, forms: new Set<string>() };
      a.calls++;
      a.forms.add(valueForm(value, name));
      agg._args.set(name, a);
    }
    const obs =
      (c.callId && byCall.get(`${c.trajectoryId}|${c.callId}`)) || byPos.get(`${c.trajectoryId}|${c.position + 1}`);
    if (!obs) continue;
    const shape = returnShape(obs.content);
    if (shape === 'empty') agg.emptyResults++;
    else agg._shapes.add(shape);
    if (obs.error || c.error) {
      agg.errors.count++;
      if (agg.errors.examples.length < 3) agg.errors.examples.push(d.content(obs.content, 160));
    }
  }
  return [...out.values()].map(({ _traj, _args, _shapes, ...a }) => ({
    ...a,
    trajectories: _traj.size,
    arguments: [..._args.entries()]
      .map(([name, v]) => ({ name, calls: v.calls, forms: [...v.forms].slice(0, 4) }))
      .sort((x, y) => y.calls - x.calls),
    returnShapes: [..._shapes].slice(0, 4),
  }));
}

/** The form of a value, never the value itself (enum words excepted: they carry meaning). */
export function valueForm(v: unknown, key = ''): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (Array.isArray(v)) return v.length ? `list of ${valueForm(v[0], key)}` : 'empty list';
  if (typeof v === 'object') return `object with ${Object.keys(v).slice(0, 6).join(', ') || 'no'} fields`;
  const s = String(v);
  const kinds = findMatches(s).filter((m) => m.start === 0 && m.end === s.length);
  if (kinds.length) return `${kinds[0].kind.replace(/_/g, ' ')} string`;
  if (/^[A-Z][A-Z0-9_]{1,30}$/.test(s)) {
    // All caps under an identifying key is a value, not an enum ("reservation_id": "SDZQKO", "origin": "DTW").
    const keyed = classifyKey(key);
    if (keyed && !UNQUOTED_OK.has(keyed)) return `${keyed.toLowerCase().replace(/_/g, ' ')} code`;
    return `enum word (e.g. ${s})`;
  }
  if (isEnumLike(s)) return 'lowercase keyword';
  return s.length > 60 ? 'free text' : 'short text';
}

const UNQUOTED_OK = new Set(['TEXT', 'TITLE_TEXT', 'PRODUCT_TEXT']);

function returnShape(content: string | null): string {
  const t = content?.trim() ?? '';
  if (!t || t === '[]' || t === '{}' || t === 'null') return 'empty';
  try {
    const v = JSON.parse(t);
    if (Array.isArray(v)) return v.length ? `list of ${valueForm(v[0])}` : 'empty';
    if (v && typeof v === 'object') return `JSON object with keys ${Object.keys(v).slice(0, 8).join(', ')}`;
    return valueForm(v);
  } catch {
    return 'plain text';
  }
}
