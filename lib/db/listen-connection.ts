import postgres from 'postgres';
import { connectionSizes } from './pool-settings';

/**
 * A connection for LISTEN (lib/live/listener.ts): the `postgres` package, which
 * re-establishes a listen connection by itself, never closed for being idle.
 * The listener keeps state around it (subscribers, a probe timer), so it
 * registers its own close function with lib/db/connections.ts.
 */
export function openListenConnection(url: string): postgres.Sql {
  return postgres(url, { max: connectionSizes().listen, idle_timeout: 0, onnotice: () => undefined });
}
