import { recordAuditOn } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { withPgTransaction } from '@/lib/import/pg-store';
import { notifyChangeOn } from '@/lib/live/notify';
import type { BuildOutcome } from './build-trace';
import { handOverSpans, KEPT_REJECTIONS, kickTraceBuilds } from './build-pending-traces';
import { decodeRequest, type OtlpEncoding } from './decode-request';
import { consumeOtlpRequest } from './ingest-throttle';
import type { PartialSuccess } from './otlp-proto';
import type { RejectedSpan } from './received-span';
import { stageSpans, touchTraces, wholeInRequest } from './stage-spans';

// How many reasons a partial-success message names before "and N more".
const NAMED_REJECTIONS = 5;

export type ReceiveResult = {
  partialSuccess: PartialSuccess | null;
  accepted: number;
  rejected: RejectedSpan[];
  /**
   * The builds of the traces this request completed, done in the background after the answer: what this
   * process built of them (a trace another process took is not among them). Never rejects.
   */
  builds: Promise<BuildOutcome[]>;
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

function summary(rejected: RejectedSpan[]): string {
  const named = rejected.slice(0, NAMED_REJECTIONS).map((r) => `${r.at}: ${r.reason}`);
  const more = rejected.length - named.length;
  return `${rejected.length} span${rejected.length === 1 ? '' : 's'} rejected: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/**
 * POST /v1/traces: decodes an OTLP request, stages its usable spans (idempotent per trace and span id),
 * marks the traces that gained spans for a (re)build and counts it all under the sender, audited, in one
 * transaction: a request is taken whole or not at all, and once it commits it is acknowledged (OTLP's
 * "accepted": durably received). Traces whose root span has ended (or that fell quiet for
 * OTLP_QUIET_PERIOD_MS) are built in the background by lib/otlp/build-pending-traces.ts, started here
 * after the commit. Spans that cannot be used are answered as OTLP partial success.
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

  // Timestamps are bound as UTC text: the columns hold UTC without a zone, as Prisma writes them.
  const at = now.toISOString();
  const { complete, inRequest } = await withPgTransaction(async (client) => {
    const staged = await stageSpans(client, spans);
    const touched = staged.size ? await touchTraces(client, staged, sender.sourceKey) : [];
    const traceIds = [...staged.keys()];
    const complete = touched.filter((t) => t.complete && staged.get(t.traceId)!.inserted > 0).map((t) => t.traceId);
    const reasons = rejected
      .slice(0, KEPT_REJECTIONS)
      .map((r) => ({ at: now.toISOString(), reason: `${r.at}: ${r.reason}` }));
    await client.query(
      `INSERT INTO "OtlpIngest" ("sourceKey", "label", "apiTokenId", "requests", "tracesReceived", "tracesBuilt",
                                  "spansAccepted", "spansRejected", "recentRejections", "lastSeenAt")
        VALUES ($1, $2, $3, 1, $4, 0, $5, $6, $7::text::jsonb, ($8::timestamptz AT TIME ZONE 'UTC'))
        ON CONFLICT ("sourceKey") DO UPDATE SET
          "label" = EXCLUDED."label",
          "requests" = "OtlpIngest"."requests" + 1,
          "tracesReceived" = "OtlpIngest"."tracesReceived" + EXCLUDED."tracesReceived",
          "spansAccepted" = "OtlpIngest"."spansAccepted" + EXCLUDED."spansAccepted",
          "spansRejected" = "OtlpIngest"."spansRejected" + EXCLUDED."spansRejected",
          "recentRejections" = (
            SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM (
              SELECT e FROM jsonb_array_elements(EXCLUDED."recentRejections" || "OtlpIngest"."recentRejections") e
              LIMIT $9
            ) kept
          ),
          "lastSeenAt" = EXCLUDED."lastSeenAt"`,
      [
        sender.sourceKey,
        sender.label,
        sender.apiTokenId,
        touched.filter((t) => t.created).length,
        spans.length,
        rejected.length,
        JSON.stringify(reasons),
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
        complete: complete.slice(0, 20),
        ...(partialSuccess ? { rejection: partialSuccess.errorMessage } : {}),
      },
    });
    await notifyChangeOn(client, { channel: 'imports', id: sender.sourceKey, status: 'otlp' });
    return { complete, inRequest: wholeInRequest(spans, staged, touched) };
  });
  handOverSpans(inRequest);
  const builds = kickTraceBuilds().then((built) => complete.flatMap((id) => built.get(id) ?? []));
  return { partialSuccess, accepted: spans.length, rejected, builds };
}
