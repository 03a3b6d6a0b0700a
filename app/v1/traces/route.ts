import { continueAfterResponse } from '@/lib/http/after-response';
import { apiRoute } from '@/lib/http/route';
import { encodingOf, inflate, readBody, type OtlpEncoding } from '@/lib/otlp/decode-request';
import { encodeResponse } from '@/lib/otlp/otlp-proto';
import { receiveTraces } from '@/lib/otlp/receive-traces';
import { otlpStatusResponse } from '@/lib/otlp/status-response';

// Request bodies are read and decoded per request: never cached, always Node (zlib, protobufjs).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** OTLP/HTTP trace receiver (the path exporters append to OTEL_EXPORTER_OTLP_ENDPOINT). docs/send-traces.md */
export const POST = apiRoute('import:run', async ({ req, actor }) => {
  let encoding: OtlpEncoding | null = null;
  try {
    encoding = encodingOf(req.headers.get('content-type'));
    const declared = req.headers.get('content-length');
    const result = await receiveTraces(actor, {
      encoding,
      readBody: async () =>
        inflate(await readBody(req.body, declared ? Number(declared) : null), req.headers.get('content-encoding')),
    });
    // Acknowledged once staged: the traces this request completed are built after the answer is sent.
    continueAfterResponse(result.builds);
    return new Response(encodeResponse(result.partialSuccess, encoding) as BodyInit, {
      status: 200,
      headers: { 'content-type': encoding === 'json' ? 'application/json' : 'application/x-protobuf' },
    });
  } catch (err) {
    const refused = otlpStatusResponse(err, encoding);
    if (refused) return refused;
    throw err;
  }
});
