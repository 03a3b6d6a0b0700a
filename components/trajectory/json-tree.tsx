'use client';

import { useState } from 'react';
import type { FieldMarks } from '@/lib/trajectories/observation-json';
import { revealBidi } from '@/lib/text/reveal-bidi';
import { InRowToggle } from './in-row-toggle';

/** Levels open when the tree first shows: a search result's fields are visible without a click. */
const OPEN_DEPTH = 2;
/** A node with more children shows this many until asked for the rest. */
const FIRST_CHILDREN = 100;

const MARK = 'rounded-sm bg-amber-200 px-0.5 text-slate-900';

/**
 * A JSON value (an observation) as a collapsible tree: keys, values, and the
 * size of every object and list, so four search results compare side by side
 * instead of as four blobs. Keys and values the checkpoint names are marked.
 * Everything is React text; nothing is interpreted.
 */
export function JsonTree({ value, marks }: { value: object; marks: FieldMarks }) {
  return (
    <div
      data-testid="json-tree"
      className="mt-1 max-h-96 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs text-slate-800"
    >
      <Node name={null} value={value} depth={0} marks={marks} />
    </div>
  );
}

/** Whether a key or value the checkpoint names is somewhere inside: such a node starts open. */
function containsMark(value: unknown, marks: FieldMarks): boolean {
  if (value == null) return false;
  if (typeof value !== 'object') return marks.values.has(String(value));
  if (Array.isArray(value)) return value.some((v) => containsMark(v, marks));
  return Object.entries(value).some(([k, v]) => marks.keys.has(k) || containsMark(v, marks));
}

function summary(value: object): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  const n = Object.keys(value).length;
  return `{${n} ${n === 1 ? 'key' : 'keys'}}`;
}

function Scalar({ value, marked }: { value: unknown; marked: boolean }) {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  const color =
    typeof value === 'string'
      ? 'text-emerald-800'
      : typeof value === 'number'
        ? 'text-sky-800'
        : value == null
          ? 'text-slate-500'
          : 'text-violet-800';
  return (
    <span data-marked={marked || undefined} className={`${marked ? MARK : color} whitespace-pre-wrap wrap-anywhere`}>
      {revealBidi(text)}
    </span>
  );
}

function Name({ name, marks }: { name: string | number; marks: FieldMarks }) {
  if (typeof name === 'number') return <span className="text-slate-500">{name}: </span>;
  const marked = marks.keys.has(name);
  return (
    <span data-marked={marked || undefined} className={marked ? MARK : 'text-indigo-900'}>
      {revealBidi(name)}
      <span className="text-slate-500">: </span>
    </span>
  );
}

function Node({
  name,
  value,
  depth,
  marks,
}: {
  name: string | number | null;
  value: unknown;
  depth: number;
  marks: FieldMarks;
}) {
  const [open, setOpen] = useState(
    () => depth < OPEN_DEPTH || ((marks.keys.size > 0 || marks.values.size > 0) && containsMark(value, marks)),
  );
  const [all, setAll] = useState(false);
  if (value === null || typeof value !== 'object') {
    const marked = value != null && marks.values.has(String(value));
    return (
      <div className="pl-4">
        {name != null ? <Name name={name} marks={marks} /> : null}
        <Scalar value={value} marked={marked} />
      </div>
    );
  }
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  const shown = all ? entries : entries.slice(0, FIRST_CHILDREN);
  return (
    <div className={depth ? 'pl-4' : ''}>
      <InRowToggle
        on={open}
        onToggle={() => setOpen(!open)}
        className="inline-flex items-baseline gap-1 rounded text-left hover:bg-slate-200/60 focus:outline-none focus:ring-2 focus:ring-indigo-500"
      >
        <span aria-hidden className="inline-block w-3 text-slate-500">
          {open ? '▾' : '▸'}
        </span>
        {name != null ? <Name name={name} marks={marks} /> : null}
        <span className="text-slate-500">{summary(value)}</span>
      </InRowToggle>
      {open ? (
        <div>
          {shown.map(([k, v]) => (
            <Node key={k} name={k} value={v} depth={depth + 1} marks={marks} />
          ))}
          {entries.length > shown.length ? (
            <button
              type="button"
              onClick={(e) => {
                e.stopPropagation();
                setAll(true);
              }}
              className="pl-4 text-indigo-700 hover:underline"
            >
              Show the other {entries.length - shown.length}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
