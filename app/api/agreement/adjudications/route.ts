import { adjudicate } from '@/lib/diagnosis/adjudicate';
import { apiRoute, readJson } from '@/lib/http/route';

// { checkpointResultId, chosenDiagnosisId } or { checkpointResultId, categoryId, eventStart, eventEnd, whatWentWrong, whatShouldHaveHappened }
export const POST = apiRoute('diagnosis:adjudicate', async ({ req, actor }) => ({
  adjudication: await adjudicate(actor, await readJson(req)),
}));
