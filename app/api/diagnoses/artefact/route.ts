import { markEvaluatorArtefact } from '@/lib/diagnosis/mark-evaluator-artefact';
import { apiRoute, readJson } from '@/lib/http/route';

export const POST = apiRoute('diagnosis:write', async ({ req, actor }) =>
  markEvaluatorArtefact(actor, await readJson(req)),
);
