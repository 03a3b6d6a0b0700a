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
 * It listens on loopback unless HOST (or PUBLIC_URL) says otherwise, and answers only requests whose
 * Host names the console (lib/http/allowed-hosts.ts): 421 for any other name.
 *
 *   tsx scripts/serve.ts -p <port> [--dev]   (started by npm start / npm run dev, the e2e suite and the benchmarks)
 */
import { createServer, type ServerResponse } from 'node:http';
import { hostAllowed, hostPolicy } from '@/lib/http/allowed-hosts';
import { cleanAbandonedSpools } from '@/lib/import/import-spool';
import { parseProxyTrust, vetForwardedHeaders } from '@/lib/http/trusted-client-address';
import { exitWithParent } from './lib/exit-with-parent';

const dev = process.argv.includes('--dev');
// As `next start` does: React and Next pick their production builds from it, so set before loading Next.
if (!dev) (process.env as Record<string, string>).NODE_ENV = 'production';
const { default: next } = await import('next');

const portArg = process.argv.indexOf('-p');
const port = Number(portArg > 0 ? process.argv[portArg + 1] : (process.env.PORT ?? 3000));
const trust = parseProxyTrust(process.env.TRUST_PROXY);
const hosts = hostPolicy(process.env);
exitWithParent();
// Uploads a killed server left in the temporary folder (lib/import/import-spool.ts).
const removed = await cleanAbandonedSpools();
if (removed)
  console.log(
    `Removed ${removed} upload folder${removed === 1 ? '' : 's'} left by a server that was stopped mid-import`,
  );

const app = next({ dev, hostname: 'localhost', port });
const handle = app.getRequestHandler();
let ready = false;

function refuse(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify({ error: { code, message } }));
}

const server = createServer((req, res) => {
  if (!hostAllowed(hosts, req.headers.host))
    return refuse(
      res,
      421,
      'HOST_NOT_ALLOWED',
      'This console does not answer to that host name. Its operator can add it with PUBLIC_URL or ALLOWED_HOSTS.',
    );
  // The port is taken at once (a clash shows at start, not after the build is loaded); until Next is ready, retry.
  if (!ready)
    return refuse(res, 503, 'STARTING', 'The console is starting; try again in a moment.', { 'retry-after': '1' });
  vetForwardedHeaders(req, trust);
  void handle(req, res);
});
server.listen(port, hosts.listen, () => console.log(`Listening on ${hosts.listen}:${port}`));
await app.prepare();
ready = true;
console.log(`Ready on ${hosts.listen}:${port}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close();
    // Open keep-alive and event-stream connections would hold close() open; the caller is stopping us.
    server.closeAllConnections();
    void app.close().finally(() => process.exit(0));
  });
}
