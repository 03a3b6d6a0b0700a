import { AsyncLocalStorage } from 'node:async_hooks';
import type { Actor } from './permissions';

/**
 * The caller of the API request being handled, for code far below the handler
 * that must know how the caller came in: the audit log records the API token
 * an entry was written through (lib/audit/record.ts) without every domain
 * function passing it down. apiRoute runs each handler inside it.
 */
// On globalThis: Next may load this module once per route bundle, and the handler and the audit must share one.
const globalForActor = globalThis as unknown as { __requestActor?: AsyncLocalStorage<Actor> };
const storage = (globalForActor.__requestActor ??= new AsyncLocalStorage<Actor>());

/** Runs `fn` (a request's handler) as `actor`'s request; an anonymous request gets no context. */
export function runAsRequestActor<T>(actor: Actor | null, fn: () => Promise<T>): Promise<T> {
  return actor ? storage.run(actor, fn) : fn();
}

/** The actor of the request being handled, if any (none in the CLI, the worker, or a test calling lib code). */
export function requestActor(): Actor | undefined {
  return storage.getStore();
}
