/**
 * Load generation for bench:api: one autocannon run per endpoint and
 * connection count, reduced to requests/s, p50, p99 and the status mix, plus
 * each second's p99 — where a run's tail sits (start-up of the run, or spread
 * over it) is what tells a cold pool from a busy machine.
 */
import autocannon from 'autocannon';

export type Endpoint = { label: string; method: 'GET' | 'POST'; path: string; body?: string };
export type Measurement = {
  label: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytes: number;
  /** p99 of the answers completed in each second of the run, in ms. */
  p99BySecond: number[];
};

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
}

export async function measure(base: string | string[], ep: Endpoint, connections: number, durationS: number, cookie: string): Promise<Measurement> {
  const bases = Array.isArray(base) ? base : [base];
  const bySecond: number[][] = Array.from({ length: Math.ceil(durationS) + 1 }, () => []);
  const started = Date.now();
  // Several bases (replicas) are driven at once, `connections` each; their requests/s add up.
  const results = await Promise.all(
    bases.map(
      (b) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const run = autocannon(
            {
              url: b + ep.path,
              method: ep.method,
              body: ep.body,
              connections,
              duration: durationS,
              // On a busy shared machine a slow answer is latency, not an error.
              timeout: 60,
              headers: { cookie, 'content-type': 'application/json' },
            },
            (err, result) => (err ? reject(err) : resolve(result)),
          );
          run.on('response', (_client, _status, _bytes, ms) => {
            bySecond[Math.min(bySecond.length - 1, Math.floor((Date.now() - started) / 1000))].push(ms);
          });
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
    p99BySecond: bySecond.filter((s) => s.length).map((s) => quantile(s.sort((a, b) => a - b), 0.99)),
  };
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

export function printTable(rows: Measurement[], noop: Map<number, number>) {
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

/** Each second's p99 as a multiple of the run's p50, for the rows whose p99 exceeds 2× p50. */
export function printTails(rows: Measurement[]) {
  const wide = rows.filter((r) => r.p99 > 2 * r.p50);
  if (!wide.length) return;
  console.log('\nWhere the tail sits (each second\'s p99 ÷ the run\'s p50, for rows with p99 > 2× p50):');
  for (const r of wide) console.log(`${pad(r.label, 58)} ${pad(String(r.connections), 6)} ${r.p99BySecond.map((p) => (p / Math.max(1, r.p50)).toFixed(1)).join(' ')}`);
}
