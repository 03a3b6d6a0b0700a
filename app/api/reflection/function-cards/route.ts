import { apiRoute, readJson } from '@/lib/http/route';
import { createFunctionCardRun } from '@/lib/reflection/create-run';

/** Build or refresh Function Cards from observed calls: { provider, model?, tools? } → the QUEUED run. */
export const POST = apiRoute('reflection:run', async ({ req, actor }) => ({
  run: await createFunctionCardRun(actor, await readJson(req)),
}));
