import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { AppError } from '@/lib/errors';
import { LIVE_CHANNELS, liveChannelSchema, type LiveChange, type LiveChannel } from './channels';
import { ensureListener, liveStatus, onAccessEnded, onLiveChange, onLiveStatus } from './listener';

const HEARTBEAT_MS = 15_000;

/** `?channels=runs,imports` → the channels, each checked against the caller's permissions. */
export function parseChannels(actor: Actor, raw: string | null): LiveChannel[] {
  const names = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!names.length)
    throw new AppError('VALIDATION', `Name the channels to follow: ?channels=${Object.keys(LIVE_CHANNELS).join(',')}`);
  const channels = [...new Set(names)].map((n) => {
    const parsed = liveChannelSchema.safeParse(n);
    if (!parsed.success)
      throw new AppError(
        'VALIDATION',
        `Unknown live channel "${n}" in channels; known: ${Object.keys(LIVE_CHANNELS).join(', ')}`,
      );
    return parsed.data;
  });
  for (const c of channels) requirePermission(actor, LIVE_CHANNELS[c]);
  return channels;
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A server-sent-event stream of change notifications on `channels` for one
 * browser tab: `ready` once listening, `change` per notification (ids only),
 * `resync` after the database connection was lost (refetch everything),
 * `degraded` while the server cannot hear PostgreSQL and `recovered` when it
 * can again (the page says so, and polls meanwhile), and a comment line as
 * heartbeat so proxies keep the connection open.
 *
 * The stream ends (`ended`, then closed) when the caller's access ends: their
 * account deactivated, their role changed or their sessions ended, on any
 * replica (notifyAccessEnded). Otherwise a stream opened before kept delivering
 * events to someone who may no longer see them; reopening it checks the caller
 * and the channels' permissions afresh.
 */
export async function openLiveStream(actor: Actor, rawChannels: string | null, signal: AbortSignal): Promise<Response> {
  const channels = parseChannels(actor, rawChannels);
  try {
    await ensureListener();
  } catch {
    // The page falls back to polling.
    throw new AppError(
      'UNAVAILABLE',
      'Live updates are unavailable right now (no database listener); the page refreshes by polling',
    );
  }
  const encoder = new TextEncoder();
  let cleanup = () => undefined as void;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const offs = channels.map((c) =>
        onLiveChange(c, (change: LiveChange | 'resync') =>
          send(change === 'resync' ? frame('resync', {}) : frame('change', change)),
        ),
      );
      offs.push(onLiveStatus((status) => send(frame(status, {}))));
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        offs.forEach((off) => off());
      };
      const close = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      offs.push(
        onAccessEnded((userId) => {
          if (userId !== actor.userId) return;
          send(frame('ended', { reason: 'ACCESS_CHANGED' }));
          close();
        }),
      );
      signal.addEventListener('abort', close);
      send(`retry: 3000\n\n${frame('ready', { channels })}`);
      if (liveStatus() === 'degraded') send(frame('degraded', {}));
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
