import pg from 'pg';
import { env } from '@/lib/env';
import { onDisconnect } from './connections';

/**
 * A dedicated connection whose session holds PostgreSQL advisory locks (the
 * reflection worker's run locks, an import's job lock): when the process dies,
 * PostgreSQL drops the connection and the locks with it. Not pooled: a lock
 * belongs to the session that took it.
 *
 * `onError` is attached before connecting: a lost connection is reported
 * there instead of as an uncaught exception. disconnectDatabase ends the
 * session if its owner has not; `end` is emitted either way.
 */
export async function openLockSession(
  applicationName: string,
  onError: (err: Error) => void,
  connectionString = env().DATABASE_URL,
): Promise<pg.Client> {
  const client = new pg.Client({ connectionString, application_name: applicationName });
  client.on('error', onError);
  const forget = onDisconnect(client, () => client.end().catch(() => undefined));
  client.once('end', forget);
  try {
    await client.connect();
  } catch (err) {
    forget();
    throw err;
  }
  return client;
}
