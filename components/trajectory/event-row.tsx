'use client';

import { memo, useState } from 'react';
import type { EventView } from '@/lib/trajectories/list-events';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { revealBidi } from '@/lib/text/reveal-bidi';
import { parseJsonObservation, unwrapMessage, type FieldMarks } from '@/lib/trajectories/observation-json';
import { JsonTree } from './json-tree';
import { LongText } from './long-text';
import { MessageMarkdown } from './message-markdown';
import { InRowToggle } from './in-row-toggle';

const SOURCE_STYLE: Record<EventView['source'], string> = {
  USER: 'bg-sky-100 text-sky-800',
  AGENT: 'bg-indigo-100 text-indigo-800',
  ENVIRONMENT: 'bg-slate-100 text-slate-700',
  VERIFIER: 'bg-amber-100 text-amber-800',
};

export type Anchor = { key: string; passed: boolean };

// Tool arguments and unfolded observations: raw text in a box that scrolls.
const PRE = 'overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 font-mono text-xs text-slate-700';

function prettyArgs(args: unknown): string {
  if (args == null) return '';
  try {
    return JSON.stringify(args, null, 2);
  } catch {
    return String(args);
  }
}

/**
 * One timeline event. Everything from the trajectory is rendered as React text
 * (never as HTML): the content is untrusted. Memoised on primitive props (and a
 * stable `anchors` array and callbacks), so moving the cursor re-renders only the
 * two rows it leaves and enters.
 */
export const EventRow = memo(function EventRow({
  position,
  event,
  selected,
  cursor,
  highlighted,
  expanded,
  raw,
  anchors,
  marks,
  onClick,
  onToggle,
}: {
  position: number;
  event: EventView | undefined;
  selected: boolean;
  cursor: boolean;
  highlighted: boolean;
  expanded: boolean;
  /** Show messages as their raw text instead of rendered markdown. */
  raw: boolean;
  anchors: Anchor[];
  /** Keys and values the active checkpoint names, marked in JSON observations (a stable object). */
  marks: FieldMarks;
  onClick: (position: number, shift: boolean) => void;
  onToggle: (position: number) => void;
}) {
  const ring = highlighted ? 'ring-2 ring-amber-400' : cursor ? 'ring-2 ring-indigo-400' : '';
  // The selected range is tinted and barred on the left, so a range reads as one block.
  const bg = selected
    ? 'bg-indigo-100/70 shadow-[inset_4px_0_0_0_rgb(99,102,241)]'
    : event?.error
      ? 'bg-rose-50'
      : event?.type === 'FINAL'
        ? 'bg-emerald-50'
        : 'bg-white';
  return (
    <div
      data-testid={`event-${position}`}
      data-selected={selected || undefined}
      data-cursor={cursor || undefined}
      data-highlighted={highlighted || undefined}
      onClick={(e) => onClick(position, e.shiftKey)}
      className={`cursor-pointer select-none border-b border-slate-100 px-3 py-2 text-sm ${bg} ${ring}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="w-12 shrink-0 font-mono text-xs text-slate-600">#{position}</span>
        {event ? (
          <>
            <span className={`rounded px-1.5 py-0.5 text-[11px] font-semibold uppercase ${SOURCE_STYLE[event.source]}`}>
              {event.source.toLowerCase()}
            </span>
            <span className="text-xs uppercase tracking-wide text-slate-600">
              {event.type.toLowerCase().replace('_', ' ')}
            </span>
            {event.tool ? (
              <UntrustedText text={event.tool} clip className="font-mono text-xs font-semibold text-slate-800" />
            ) : null}
            {event.error ? (
              <span className="rounded bg-rose-600 px-1.5 py-0.5 text-[11px] font-semibold text-white">error</span>
            ) : null}
            {event.contentCut != null ? (
              <span
                data-testid={`event-${position}-cut`}
                title="The import kept the head and the tail of this event; the cut is marked in the text."
                className="rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-semibold text-amber-900"
              >
                cut: {event.contentCut.toLocaleString('en-US')} characters in full
              </span>
            ) : null}
            {event.type === 'FINAL' ? (
              <span className="rounded bg-emerald-700 px-1.5 py-0.5 text-[11px] font-semibold text-white">
                final answer
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-xs text-slate-500">loading…</span>
        )}
        {anchors.map((a) => (
          <span
            key={a.key}
            className={`rounded px-1.5 py-0.5 font-mono text-[11px] ${a.passed ? 'bg-emerald-100 text-emerald-800' : 'bg-rose-100 text-rose-800'}`}
          >
            ⚑ {revealBidi(a.key)}
          </span>
        ))}
      </div>
      {event ? (
        <EventBody event={event} expanded={expanded} raw={raw} marks={marks} onToggle={() => onToggle(position)} />
      ) : null}
    </div>
  );
});

function EventBody({
  event,
  expanded,
  raw,
  marks,
  onToggle,
}: {
  event: EventView;
  expanded: boolean;
  raw: boolean;
  marks: FieldMarks;
  onToggle: () => void;
}) {
  if (event.type === 'TOOL_CALL') {
    const args = prettyArgs(event.arguments);
    return args ? <RawText text={args} height="max-h-48" /> : null;
  }
  const text = event.content ?? '';
  if (event.type === 'OBSERVATION') {
    // Observations are folded by default: they are long and rarely where the mistake is.
    const firstLine = text.split('\n', 1)[0];
    return (
      <div className="mt-1">
        <InRowToggle on={expanded} onToggle={onToggle} className="text-xs font-medium text-indigo-700 hover:underline">
          {expanded ? 'Fold observation' : 'Expand observation'}
        </InRowToggle>
        {expanded ? (
          <Observation text={text} raw={raw} marks={marks} />
        ) : (
          <p className="mt-0.5 truncate font-mono text-xs text-slate-600">{revealBidi(firstLine.slice(0, 240))}</p>
        )}
      </div>
    );
  }
  if (!raw && (event.type === 'MESSAGE' || event.type === 'FINAL')) {
    // Some models send every message as {"message": "…"}: the words are what the reader needs.
    const inner = unwrapMessage(text);
    return (
      <div className="mt-1">
        <LongText text={inner ?? text} render={(t) => <MessageMarkdown text={t} />} />
        {inner != null ? (
          <p className="mt-0.5 text-[11px] text-slate-500" data-testid="unwrapped-note">
            sent as {'{"message": …}'}, shown unwrapped (raw text shows it as sent)
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <LongText
      text={text}
      render={(t) => (
        <p className="mt-1 whitespace-pre-wrap text-slate-800">
          <UntrustedText text={t} />
        </p>
      )}
    />
  );
}

/**
 * An unfolded observation: JSON as a tree (the checkpoint's fields marked), with
 * the raw text a click away; anything else as raw text. The page's "raw text"
 * switch shows every observation raw.
 */
function Observation({ text, raw, marks }: { text: string; raw: boolean; marks: FieldMarks }) {
  const [asText, setAsText] = useState(false);
  const json = raw ? null : parseJsonObservation(text);
  const rawView = <RawText text={text} height="max-h-96" />;
  if (!json) return rawView;
  return (
    <div className="mt-1">
      <InRowToggle
        on={asText}
        onToggle={() => setAsText(!asText)}
        switches
        className="text-[11px] font-medium text-indigo-700 hover:underline"
      >
        {asText ? 'Show as a tree' : 'Show raw JSON'}
      </InRowToggle>
      {asText ? rawView : <JsonTree value={json} marks={marks} />}
    </div>
  );
}

/** Event text shown as it is (monospace, its own scroll box of at most `height`), cut when long. */
function RawText({ text, height }: { text: string; height: 'max-h-48' | 'max-h-96' }) {
  return (
    <LongText
      text={text}
      render={(t) => (
        <pre className={`mt-1 ${height} ${PRE}`}>
          <UntrustedText text={t} />
        </pre>
      )}
    />
  );
}
