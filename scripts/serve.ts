/**
 * The production web server: Next's request handler behind a plain node:http
 * server that first replaces X-Forwarded-For with the one client address it
 * can vouch for (the socket's peer, or further back through proxies named in
 * TRUST_PROXY). The sign-in and API-token throttles count per client address
 * from that header; `next start` keeps whatever X-Forwarded-For a client sends
 * when no proxy is in front (it only fills the header in when absent), so a
 * client could claim a new address on every guess. X-Forwarded-Host, -Proto
 * and -Port count only from a trusted proxy too.
 *
 *   tsx scripts/serve.ts -p <port>      (started by npm start, the e2e suite and the benchmarks)
 */
import { createServer } from 'node:http';
import { parseProxyTrust, vetForwardedHeaders } from '@/lib/http/trusted-client-address';

// As `next start` does: React and Next pick their production builds from it, so set before loading Next.
(process.env as Record<string, string>).NODE_ENV = 'production';
const { default: next } = await import('next');

const portArg = process.argv.indexOf('-p');
const port = Number(portArg > 0 ? process.argv[portArg + 1] : (process.env.PORT ?? 3000));
const trust = parseProxyTrust(process.env.TRUST_PROXY);

const app = next({ dev: false, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  vetForwardedHeaders(req, trust);
  void handle(req, res);
});
server.listen(port, () => console.log(`Ready on port ${port}`));

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close();
    // Open keep-alive and event-stream connections would hold close() open; the caller is stopping us.
    server.closeAllConnections();
    void app.close().finally(() => process.exit(0));
  });
}
