import type { ImportClient } from '@/lib/import/pg-store';
import type { ReceivedSpan } from './received-span';

// Spans per INSERT: bounds one statement's size (a 16 MiB request holds ~100,000 small spans).
const INSERT_CHUNK = 5000;

/** What one request staged of one trace: its new spans, and whether the root span is among them. */
export type StagedTrace = { inserted: number; root: boolean };

/**
 * Stages spans with one INSERT … SELECT FROM jsonb_array_elements per chunk: the chunk travels as one JSON
 * document, parsed once by the server, where parallel text arrays cost an array-literal parse of every
 * span's JSON and then a jsonb parse of each. An exporter's retry delivers the same span again: the first
 * copy stands, and only the spans this request inserted are counted.
 */
export async function stageSpans(client: ImportClient, spans: ReceivedSpan[]): Promise<Map<string, StagedTrace>> {
  const staged = new Map<string, StagedTrace>();
  for (const s of spans) if (!staged.has(s.traceId)) staged.set(s.traceId, { inserted: 0, root: false });
  for (let i = 0; i < spans.length; i += INSERT_CHUNK) {
    const chunk = spans.slice(i, i + INSERT_CHUNK);
    const { rows } = await client.query<{ traceId: string; n: number; root: boolean }>(
      `WITH staged AS (
         INSERT INTO "OtlpSpan" ("traceId", "spanId", "parentSpanId", "name", "startNs", "endNs", "span")
         SELECT x->>'traceId', x->>'spanId', x->>'parentSpanId', x->>'name',
                (x->>'startNs')::bigint, (x->>'endNs')::bigint, x
         FROM jsonb_array_elements($1::text::jsonb) WITH ORDINALITY AS u(x, n)
         ORDER BY n
         ON CONFLICT ("traceId", "spanId") DO NOTHING
         RETURNING "traceId", "parentSpanId"
       )
       SELECT "traceId", count(*)::int AS n, bool_or("parentSpanId" IS NULL) AS root FROM staged GROUP BY 1`,
      [JSON.stringify(chunk)],
    );
    for (const r of rows) {
      const t = staged.get(r.traceId)!;
      t.inserted += r.n;
      t.root ||= r.root;
    }
  }
  return staged;
}

export type TouchedTrace = { traceId: string; created: boolean; complete: boolean; spanCount: number };

/**
 * Brings each trace's row up to date with what this request staged, and marks those that gained spans
 * as waiting for a (re)build. Concurrent requests bringing spans of one trace are serialised here by
 * the row lock of ON CONFLICT DO UPDATE, which then sees the latest committed row: the count grows by
 * this request's own new spans and a root seen by anyone stays seen, so no request's view of the trace
 * overwrites another's. Rows are taken in trace id order, so two requests never wait on each other
 * in a circle.
 */
export async function touchTraces(
  client: ImportClient,
  staged: Map<string, StagedTrace>,
  sourceKey: string,
): Promise<TouchedTrace[]> {
  const ids = [...staged.keys()].sort();
  const { rows } = await client.query<TouchedTrace>(
    `INSERT INTO "OtlpTrace" ("traceId", "sourceKey", "spanCount", "rootEnded", "buildRequestedAt")
    SELECT u.id, $2, u.n, u.root, CASE WHEN u.n > 0 THEN now() END
    FROM unnest($1::text[], $3::int[], $4::boolean[]) AS u(id, n, root)
    ORDER BY u.id
    ON CONFLICT ("traceId") DO UPDATE
      SET "spanCount" = "OtlpTrace"."spanCount" + EXCLUDED."spanCount",
          "rootEnded" = "OtlpTrace"."rootEnded" OR EXCLUDED."rootEnded",
          "buildRequestedAt" = coalesce("OtlpTrace"."buildRequestedAt", EXCLUDED."buildRequestedAt"),
          "sourceKey" = EXCLUDED."sourceKey", "lastSeenAt" = now()
    RETURNING "traceId", (xmax = 0) AS created, "rootEnded" AS complete, "spanCount"`,
    [ids, sourceKey, ids.map((id) => staged.get(id)!.inserted), ids.map((id) => staged.get(id)!.root)],
  );
  return rows;
}

/**
 * The spans of each complete trace that this request alone staged (every staged span of it is one of the
 * request's own), in arrival order, first copy of a span id kept: what reading the trace back would give,
 * handed to the builder so it need not.
 */
export function wholeInRequest(
  spans: ReceivedSpan[],
  staged: Map<string, StagedTrace>,
  touched: TouchedTrace[],
): Map<string, ReceivedSpan[]> {
  const whole = new Set(
    touched.filter((t) => t.complete && staged.get(t.traceId)?.inserted === t.spanCount).map((t) => t.traceId),
  );
  const out = new Map<string, ReceivedSpan[]>();
  const seen = new Set<string>();
  spans.forEach((s, seq) => {
    const key = `${s.traceId}:${s.spanId}`;
    if (!whole.has(s.traceId) || seen.has(key)) return;
    seen.add(key);
    const list = out.get(s.traceId);
    if (list) list.push({ ...s, seq });
    else out.set(s.traceId, [{ ...s, seq }]);
  });
  return out;
}
