import { formatLabelsFile } from '@/lib/retrieval/labels-file';
import { apiRoute, readJson } from '@/lib/http/route';
import { labelRetrievalResult } from '@/lib/retrieval/label-result';
import { exportRetrievalLabels } from '@/lib/retrieval/retrieval-labels';

export const dynamic = 'force-dynamic';

/** A reviewer's "relevant / not relevant" on one preview result (relevant: null removes it). */
export const POST = apiRoute('retrieval:label', async ({ req, actor }) => ({
  label: await labelRetrievalResult(actor, await readJson(req)),
}));

/** Every stored judgement as the labels file (JSONL, docs/retrieval-quality.md), for `npm run eval:retrieval`. */
export const GET = apiRoute('retrieval:preview', async ({ actor }) => {
  const body = formatLabelsFile(await exportRetrievalLabels(actor));
  return new Response(body, {
    headers: {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'content-disposition': 'attachment; filename="retrieval-labels.jsonl"',
    },
  });
});
