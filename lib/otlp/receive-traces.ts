import { recordAuditOn } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { withPgTransaction, type ImportClient } from '@/lib/import/pg-store';
import { notifyChangeOn } from '@/lib/live/notify';
import { buildTraces, type BuildOutcome } from './build-trace';
import { decodeRequest, type OtlpEncoding } from './decode-request';
import { consumeOtlpRequest } from './ingest-throttle';
import type { PartialSuccess } from './otlp-proto';
import type { ReceivedSpan, RejectedSpan } from './received-span';

/**
 * A trace whose root span never arrives (a crashed agent, a sampler that dropped it) is built anyway
 * once no span of it has arrived for this long: 10 minutes (docs/send-traces.md). Checked on each
 * request, a few traces at a time, so no background job is needed.
 */
export const OTLP_QUIET_PERIOD_MS = 10 * 60 * 1000;
const QUIET_SWEEP_LIMIT = 20;
// Spans per INSERT: bounds one statement's size (a 16 MiB request holds ~100,000 small spans).
const INSERT_CHUNK = 5000;
// Reasons kept per sender for the Imports page (newest first).
const KEPT_REJECTIONS = 10;
// How many reasons a partial-success message names before "and N more".
const NAMED_REJECTIONS = 5;

export type ReceiveResult = {
  partialSuccess: PartialSuccess | null;
  accepted: number;
  rejected: RejectedSpan[];
  built: BuildOutcome[];
};

/** Who sent a request, as the ingestion table counts it: the API token, or the signed-in user. */
export function senderOf(actor: Actor): { sourceKey: string; label: string; apiTokenId: string | null } {
  if (actor.token)
    return {
      sourceKey: `token:${actor.token.id}`,
      label: `${actor.token.name} (${actor.token.prefix}…)`,
      apiTokenId: actor.token.id,
    };
  return { sourceKey: `user:${actor.userId}`, label: actor.email, apiTokenId: null };
}

/**
 * Stages spans with one INSERT … SELECT FROM jsonb_array_elements per chunk: the chunk travels as one JSON
 * document, parsed once by the server, where parallel text arrays cost an array-literal parse of every
 * span's JSON and then a jsonb parse of each.
 */
async function stageSpans(client: ImportClient, spans: ReceivedSpan[]): Promise<Map<string, number>> {
  const inserted = new Map<string, number>();
  for (let i = 0; i < spans.length; i += INSERT_CHUNK) {
    const chunk = spans.slice(i, i + INSERT_CHUNK);
    // An exporter's retry delivers the same span again: the first copy stands. Counted per trace, so a
    // trace all of whose staged spans came with this request is built from them without reading back.
    const { rows } = await client.query<{ traceId: string; n: number }>(
      `WITH staged AS (
         INSERT INTO "OtlpSpan" ("traceId", "spanId", "parentSpanId", "name", "startNs", "endNs", "span")
         SELECT x->>'traceId', x->>'spanId', x->>'parentSpanId', x->>'name',
                (x->>'startNs')::bigint, (x->>'endNs')::bigint, x
         FROM jsonb_array_elements($1::text::jsonb) WITH ORDINALITY AS u(x, n)
         ORDER BY n
         ON CONFLICT ("traceId", "spanId") DO NOTHING
         RETURNING "traceId"
       )
       SELECT "traceId", count(*)::int AS n FROM staged GROUP BY 1`,
      [JSON.stringify(chunk)],
    );
    for (const r of rows) inserted.set(r.traceId, (inserted.get(r.traceId) ?? 0) + r.n);
  }
  return inserted;
}

/**
 * The spans of each trace that this request alone staged (every staged span of it is one of the request's
 * own), in arrival order, first copy of a span id kept: they are what reading the trace back would give.
 */
function wholeInRequest(
  spans: ReceivedSpan[],
  inserted: Map<string, number>,
  touched: { traceId: string; spanCount: number }[],
) {
  const whole = new Set(touched.filter((t) => inserted.get(t.traceId) === t.spanCount).map((t) => t.traceId));
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

/**
 * Brings each touched trace's row up to date; returns the traces new to the receiver, those now complete,
 * their staged span counts, and whether each was built (or tried) before: only those can have a trajectory.
 */
async function touchTraces(client: ImportClient, traceIds: string[], sourceKey: string) {
  const { rows } = await client.query<{
    traceId: string;
    created: boolean;
    complete: boolean;
    spanCount: number;
    built: boolean;
  }>(
    `INSERT INTO "OtlpTrace" ("traceId", "sourceKey", "spanCount", "rootEnded")
    SELECT t.id, $2, c.n, c.root
    FROM unnest($1::text[]) AS t(id)
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n, bool_or("parentSpanId" IS NULL) AS root FROM "OtlpSpan" WHERE "traceId" = t.id
    ) c
    ON CONFLICT ("traceId") DO UPDATE
      SET "spanCount" = EXCLUDED."spanCount", "rootEnded" = EXCLUDED."rootEnded",
          "sourceKey" = EXCLUDED."sourceKey", "lastSeenAt" = now()
    RETURNING "traceId", (xmax = 0) AS created, "rootEnded" AS complete, "spanCount",
              ("status" <> 'OPEN') AS built`,
    [traceIds, sourceKey],
  );
  return rows;
}

function summary(rejected: RejectedSpan[]): string {
  const named = rejected.slice(0, NAMED_REJECTIONS).map((r) => `${r.at}: ${r.reason}`);
  const more = rejected.length - named.length;
  return `${rejected.length} span${rejected.length === 1 ? '' : 's'} rejected: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/**
 * POST /v1/traces: decodes an OTLP request, stages its usable spans (idempotent per trace and span
 * id), builds every trace whose root span has ended (and any trace quiet for OTLP_QUIET_PERIOD_MS)
 * through the import path, and counts it all under the sender, audited, in one transaction: a request
 * is taken whole or not at all. Spans that cannot be used are answered as OTLP partial success.
 */
export async function receiveTraces(
  actor: Actor,
  request: { encoding: OtlpEncoding; readBody: () => Promise<Buffer> },
  now: Date = new Date(),
): Promise<ReceiveResult> {
  requirePermission(actor, 'import:run');
  const sender = senderOf(actor);
  await consumeOtlpRequest(sender.sourceKey);
  // Refused (401/403/429) before the body is read: a throttled sender costs no decoding.
  const { encoding } = request;
  const { spans, rejected } = decodeRequest(await request.readBody(), encoding);
  const partialSuccess = rejected.length ? { rejectedSpans: rejected.length, errorMessage: summary(rejected) } : null;

  // One transaction on the import path's connection: the trajectories are written by the native import's
  // writer (COPY of event rows), and everything else of the request commits or rolls back with them.
  // Timestamps are bound as UTC text: the columns hold UTC without a zone, as Prisma writes them.
  const at = now.toISOString();
  const built = await withPgTransaction(async (client) => {
    const inserted = await stageSpans(client, spans);
    const traceIds = [...new Set(spans.map((s) => s.traceId))];
    const touched = traceIds.length ? await touchTraces(client, traceIds, sender.sourceKey) : [];
    const inRequest = wholeInRequest(spans, inserted, touched);
    const { rows: quiet } = await client.query<{ traceId: string }>(
      `SELECT "traceId" FROM "OtlpTrace"
         WHERE status = 'OPEN' AND "lastSeenAt" < ($1::timestamptz AT TIME ZONE 'UTC')
         ORDER BY "lastSeenAt" LIMIT $2`,
      [new Date(now.getTime() - OTLP_QUIET_PERIOD_MS).toISOString(), QUIET_SWEEP_LIMIT],
    );
    const toBuild = [
      ...new Set([...touched.filter((t) => t.complete).map((t) => t.traceId), ...quiet.map((q) => q.traceId)]),
    ];
    const outcomes = await buildTraces(client, toBuild, {
      spansOf: inRequest,
      neverBuilt: new Set(touched.filter((t) => !t.built).map((t) => t.traceId)),
    });

    const newlyBuilt = outcomes.filter((o) => o.status === 'built' && !o.rebuilt).length;
    const reasons = rejected
      .slice(0, KEPT_REJECTIONS)
      .map((r) => ({ at: now.toISOString(), reason: `${r.at}: ${r.reason}` }));
    const failedBuilds = outcomes
      .filter((o): o is Extract<BuildOutcome, { status: 'failed' }> => o.status === 'failed')
      .map((o) => ({ at: now.toISOString(), reason: `trace ${o.traceId}: ${o.error}` }));
    const fresh = [...failedBuilds, ...reasons].slice(0, KEPT_REJECTIONS);
    await client.query(
      `INSERT INTO "OtlpIngest" ("sourceKey", "label", "apiTokenId", "requests", "tracesReceived", "tracesBuilt",
                                  "spansAccepted", "spansRejected", "recentRejections", "lastSeenAt")
        VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8::text::jsonb, ($9::timestamptz AT TIME ZONE 'UTC'))
        ON CONFLICT ("sourceKey") DO UPDATE SET
          "label" = EXCLUDED."label",
          "requests" = "OtlpIngest"."requests" + 1,
          "tracesReceived" = "OtlpIngest"."tracesReceived" + EXCLUDED."tracesReceived",
          "tracesBuilt" = "OtlpIngest"."tracesBuilt" + EXCLUDED."tracesBuilt",
          "spansAccepted" = "OtlpIngest"."spansAccepted" + EXCLUDED."spansAccepted",
          "spansRejected" = "OtlpIngest"."spansRejected" + EXCLUDED."spansRejected",
          "recentRejections" = (
            SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM (
              SELECT e FROM jsonb_array_elements(EXCLUDED."recentRejections" || "OtlpIngest"."recentRejections") e
              LIMIT $10
            ) kept
          ),
          "lastSeenAt" = EXCLUDED."lastSeenAt"`,
      [
        sender.sourceKey,
        sender.label,
        sender.apiTokenId,
        touched.filter((t) => t.created).length,
        newlyBuilt,
        spans.length,
        rejected.length,
        JSON.stringify(fresh),
        at,
        KEPT_REJECTIONS,
      ],
    );
    await recordAuditOn(client, {
      actorId: actor.userId,
      action: 'otlp.receive',
      entityType: 'OtlpIngest',
      entityId: sender.sourceKey,
      entityLabel: sender.label,
      after: {
        encoding,
        spansAccepted: spans.length,
        spansRejected: rejected.length,
        traces: traceIds.slice(0, 20),
        ...(traceIds.length > 20 ? { moreTraces: traceIds.length - 20 } : {}),
        built: outcomes.map((o) =>
          'trajectoryId' in o ? { traceId: o.traceId, trajectoryId: o.trajectoryId, status: o.status } : o,
        ),
        ...(partialSuccess ? { rejection: partialSuccess.errorMessage } : {}),
      },
    });
    await notifyChangeOn(client, { channel: 'imports', id: sender.sourceKey, status: 'otlp' });
    return outcomes;
  });
  return { partialSuccess, accepted: spans.length, rejected, built };
}
