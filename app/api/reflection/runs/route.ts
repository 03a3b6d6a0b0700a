import { apiRoute, readJson } from '@/lib/http/route';
import { searchParamsRecord } from '@/lib/http/pagination';
import { createReflectionRun } from '@/lib/reflection/create-run';
import { listRuns } from '@/lib/reflection/read-run';
import { runsListQuerySchema } from '@/lib/reflection/run-status';

/** Runs, newest first: ?page=&pageSize=&status=&taskId= */
export const GET = apiRoute('reflection:read', async ({ req, actor }) =>
  listRuns(actor, runsListQuerySchema.parse(searchParamsRecord(req.nextUrl.searchParams))),
);

/** "Run reflection" for one task: { taskId, settings } → the QUEUED run. */
export const POST = apiRoute('reflection:run', async ({ req, actor }) => ({
  run: await createReflectionRun(actor, await readJson(req)),
}));
