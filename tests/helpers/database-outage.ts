import net from 'node:net';

/**
 * A TCP relay in front of the test's PostgreSQL, so a test can take the database away from
 * the app and give it back, as a crash and restart of PostgreSQL would (open connections
 * reset, new ones refused), without stopping the server every other test file shares.
 */
export type DatabaseOutage = {
  /** The database URL through the relay: give it to the app before it first connects. */
  url: string;
  /** PostgreSQL "goes down": every open connection is reset and new ones are refused. */
  cut: () => Promise<void>;
  /** PostgreSQL "is back": connections are accepted again on the same address. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

export async function databaseOutage(databaseUrl: string): Promise<DatabaseOutage> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const relay = (client: net.Socket) => {
    const upstream = net.connect({ host: target.hostname, port: Number(target.port) });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  let server = net.createServer(relay);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  const url = new URL(databaseUrl);
  url.port = String(port);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.resetAndDestroy();
      server.close(() => resolve());
    });
  return {
    url: url.toString(),
    cut: stop,
    restore: async () => {
      server = net.createServer(relay);
      await listen(port);
    },
    close: stop,
  };
}
