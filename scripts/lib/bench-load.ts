/**
 * Load generation for bench:api: short autocannon runs ("slices") per
 * endpoint and connection count, each list slice between two slices of the
 * no-op, so every ratio compares measurements seconds apart.
 *
 * Why slices: this shared 2-core machine changes speed by 20–45 % within
 * minutes (the no-op served 737 requests/s before a group of rows and 1,065
 * after it, in one run), so a ratio against a no-op measured minutes earlier
 * mostly measured the machine. A ratio per slice, and the median over rounds,
 * does not.
 *
 * Why latency leaves out each slice's first RAMP_MS: autocannon opens all of
 * a run's connections at once, and the first requests on them wait up to
 * ~0.5 s while the rest are already being answered. A bare Node http server
 * in this process shows the same ramp (p50 12 ms, requests completing at
 * 100–320 ms in the first 0.4 s), so it is the load generator starting, not
 * the endpoint. Requests/s counts whole slices.
 */
import autocannon from 'autocannon';

// `cookie`: the session to call it with, when not the run's (the queue as an annotator, say).
export type Endpoint = { label: string; method: 'GET' | 'POST'; path: string; body?: string; cookie?: string };

/** One autocannon run of one endpoint. */
export type Slice = {
  rps: number;
  non2xx: number;
  errors: number;
  bytes: number;
  /** Latencies (ms) of the requests sent after the ramp. */
  latencies: number[];
};

/** All slices of one endpoint at one connection count, reduced. */
export type Row = {
  label: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytes: number;
  /** rps ÷ the mean of the no-op slices on either side, per slice (empty for the no-op). */
  ratios: number[];
  /** Each slice's p99 ÷ the row's p50: where a tail sits. */
  sliceTails: number[];
};

export const RAMP_MS = 500;

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
}

export const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

export async function measure(
  base: string | string[],
  ep: Endpoint,
  connections: number,
  durationS: number,
  cookie: string,
): Promise<Slice> {
  const bases = Array.isArray(base) ? base : [base];
  const latencies: number[] = [];
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
              headers: { cookie: ep.cookie ?? cookie, 'content-type': 'application/json' },
            },
            (err, result) => (err ? reject(err) : resolve(result)),
          );
          run.on('response', (_client, _status, _bytes, ms) => {
            if (Date.now() - ms - started >= RAMP_MS) latencies.push(ms);
          });
        }),
    ),
  );
  const sum = (f: (r: autocannon.Result) => number) => results.reduce((n, r) => n + f(r), 0);
  return {
    rps: sum((r) => r.requests.average),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors + r.timeouts),
    bytes:
      sum((r) => r.throughput.total) /
      Math.max(
        1,
        sum((r) => r.requests.total),
      ),
    latencies,
  };
}

/** One row from an endpoint's slices; `ratios` as computed by the caller (per slice, against its neighbouring no-op slices). */
export function reduce(label: string, connections: number, slices: Slice[], ratios: number[]): Row {
  const all = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const p50 = quantile(all, 0.5);
  return {
    label,
    connections,
    rps: median(slices.map((s) => s.rps)),
    p50,
    p99: quantile(all, 0.99),
    non2xx: slices.reduce((n, s) => n + s.non2xx, 0),
    errors: slices.reduce((n, s) => n + s.errors, 0),
    bytes: median(slices.map((s) => s.bytes)),
    ratios,
    sliceTails: slices.map(
      (s) =>
        quantile(
          [...s.latencies].sort((a, b) => a - b),
          0.99,
        ) / Math.max(1, p50),
    ),
  };
}

/** The row's ratio to the no-op: the median of its per-slice ratios. */
export const ratioOf = (r: Row) => (r.ratios.length ? median(r.ratios) : NaN);

const pad = (s: string, n: number) => s.padEnd(n);
const num = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

export function printTable(rows: Row[]) {
  console.log(
    `\n${pad('endpoint', 58)} ${pad('conns', 6)} ${pad('req/s', 9)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('× no-op', 8)} ${pad('per slice', 18)} ${pad('p99/p50', 8)} ${pad('KB/resp', 8)} notes`,
  );
  for (const r of rows) {
    const ratio = ratioOf(r);
    const spread = r.ratios.length ? `${Math.min(...r.ratios).toFixed(2)}–${Math.max(...r.ratios).toFixed(2)}` : '';
    const notes = [r.non2xx ? `${r.non2xx} non-2xx` : '', r.errors ? `${r.errors} errors` : '']
      .filter(Boolean)
      .join(', ');
    console.log(
      `${pad(r.label, 58)} ${pad(String(r.connections), 6)} ${pad(num(r.rps, 1), 9)} ${pad(num(r.p50), 8)} ${pad(num(r.p99), 8)} ${pad(Number.isNaN(ratio) ? '—' : `${ratio.toFixed(2)}×`, 8)} ${pad(spread, 18)} ${pad(`${(r.p99 / Math.max(1, r.p50)).toFixed(1)}`, 8)} ${pad(num(r.bytes / 1024, 1), 8)} ${notes}`,
    );
  }
}

/** Each slice's p99 ÷ the row's p50, for the rows whose p99 exceeds 2× p50: one slice's stall, or every slice. */
export function printTails(rows: Row[]) {
  const wide = rows.filter((r) => r.p99 > 2 * r.p50);
  if (!wide.length) return;
  console.log("\nWhere the tail sits (each slice's p99 ÷ the row's p50, for rows with p99 > 2× p50):");
  for (const r of wide)
    console.log(
      `${pad(r.label, 58)} ${pad(String(r.connections), 6)} ${r.sliceTails.map((t) => t.toFixed(1)).join(' ')}`,
    );
}
