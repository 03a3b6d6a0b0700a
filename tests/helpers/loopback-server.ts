import type http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Starts `server` on a free loopback port. `close` destroys the sockets still open first: clients
 * under test keep connections alive, and server.close() alone would wait for them.
 */
export async function listenOnLoopback(server: http.Server): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
