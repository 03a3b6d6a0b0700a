/**
 * Load generation for bench:api: one autocannon run per endpoint and
 * connection count, reduced to requests/s, p50, p99 and the status mix.
 */
import autocannon from 'autocannon';

export type Endpoint = { label: string; method: 'GET' | 'POST'; path: string; body?: string };
export type Measurement = { label: string; connections: number; rps: number; p50: number; p99: number; non2xx: number; errors: number; bytes: number };

export async function measure(base: string | string[], ep: Endpoint, connections: number, durationS: number, cookie: string): Promise<Measurement> {
  const bases = Array.isArray(base) ? base : [base];
  // Several bases (replicas) are driven at once, `connections` each; their requests/s add up.
  const results = await Promise.all(
    bases.map((b) =>
      autocannon({
        url: b + ep.path,
        method: ep.method,
        body: ep.body,
        connections,
        duration: durationS,
        // On a busy shared machine a slow answer is latency, not an error.
        timeout: 60,
        headers: { cookie, 'content-type': 'application/json' },
      }),
    ),
  );
  const sum = (f: (r: autocannon.Result) => number) => results.reduce((n, r) => n + f(r), 0);
  const max = (f: (r: autocannon.Result) => number) => Math.max(...results.map(f));
  return {
    label: ep.label,
    connections: connections * bases.length,
    rps: sum((r) => r.requests.average),
    p50: max((r) => r.latency.p50),
    p99: max((r) => r.latency.p99),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors + r.timeouts),
    bytes: sum((r) => r.throughput.total) / Math.max(1, sum((r) => r.requests.total)),
  };
}

export function printTable(rows: Measurement[], noop: Map<number, number>) {
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`\n${pad('endpoint', 58)} ${pad('conns', 6)} ${pad('req/s', 9)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('× no-op', 8)} ${pad('p99/p50', 8)} ${pad('KB/resp', 8)} notes`);
  for (const r of rows) {
    const base = noop.get(r.connections);
    const ratio = base ? r.rps / base : NaN;
    const notes = [r.non2xx ? `${r.non2xx} non-2xx` : '', r.errors ? `${r.errors} errors` : ''].filter(Boolean).join(', ');
    console.log(
      `${pad(r.label, 58)} ${pad(String(r.connections), 6)} ${pad(num(r.rps, 1), 9)} ${pad(num(r.p50), 8)} ${pad(num(r.p99), 8)} ${pad(Number.isNaN(ratio) ? '—' : `${ratio.toFixed(2)}×`, 8)} ${pad(`${(r.p99 / Math.max(1, r.p50)).toFixed(1)}`, 8)} ${pad(num(r.bytes / 1024, 1), 8)} ${notes}`,
    );
  }
}
