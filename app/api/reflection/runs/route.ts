import { RunStatus } from '@prisma/client';
import { z } from 'zod';
import { apiRoute, readJson } from '@/lib/http/route';
import { searchParamsRecord } from '@/lib/http/pagination';
import { createReflectionRun } from '@/lib/reflection/create-run';
import { listRuns } from '@/lib/reflection/read-run';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  taskId: z.string().min(1).optional(),
  status: z.enum(RunStatus).optional(),
});

/** Runs, newest first: ?page=&status=&taskId= */
export const GET = apiRoute('reflection:read', async ({ req, actor }) =>
  listRuns(actor, listQuery.parse(searchParamsRecord(req.nextUrl.searchParams))),
);

/** "Run reflection" for one task: { taskId, settings } → the QUEUED run. */
export const POST = apiRoute('reflection:run', async ({ req, actor }) => ({ run: await createReflectionRun(actor, await readJson(req)) }));
