import { env } from '@/lib/env';

/**
 * The registry of every database connection this process has open, so that one
 * call (disconnectDatabase, lib/db/disconnect.ts) closes them all: a
 * command-line tool then exits, and a test database can be dropped, without
 * waiting for idle connections to time out. lib/db creates every pool and
 * client (docs/architecture.md "Connections"); a domain that keeps state around
 * one (the live listener, the job queue) registers its own stop function here,
 * so lib/db never imports the domains that use its connections.
 *
 * Kept on globalThis so Next.js hot reload and test files re-importing this
 * module share one registry.
 */
type Closer = () => Promise<unknown>;
type Shared = { url: string; value: unknown; close: Closer };
const g = globalThis as unknown as { __dbShared?: Map<string, Shared>; __dbClosers?: Map<unknown, Closer> };
const shared = (g.__dbShared ??= new Map());
const closers = (g.__dbClosers ??= new Map());

/**
 * The process's one connection of `kind` to the current DATABASE_URL, opened
 * on first use (not on import: `next build` imports every route and has no
 * database). A changed DATABASE_URL (a test pointing at a relay) opens a new
 * one and closes the old.
 */
export function sharedConnection<T>(kind: string, open: (url: string) => T, close: (value: T) => Promise<unknown>): T {
  const url = env().DATABASE_URL;
  const current = shared.get(kind);
  if (current?.url === url) return current.value as T;
  if (current) void current.close().catch(() => undefined);
  const value = open(url);
  shared.set(kind, { url, value, close: () => close(value) });
  return value;
}

/**
 * Registers how to close something that holds connections (a dedicated client,
 * a domain's stateful wrapper around one); `key` replaces an earlier entry of
 * the same key. Returns the function that forgets it again (call it once the
 * owner has closed it itself).
 */
export function onDisconnect(key: unknown, close: Closer): () => void {
  closers.set(key, close);
  return () => {
    if (closers.get(key) === close) closers.delete(key);
  };
}

/** Closes everything registered above and forgets it: the next use opens anew. */
export async function closeConnections(): Promise<void> {
  const all = [...[...shared.values()].map((s) => s.close), ...closers.values()];
  shared.clear();
  closers.clear();
  await Promise.all(all.map((close) => close()));
}
