import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute } from '@/lib/http/route';
import { listTasks, taskListQuerySchema } from '@/lib/tasks/list-tasks';

/**
 * The task list as JSON (the Tasks page's data): ?page=&pageSize=&benchmark=&ability=&model=&taskId=&importId=,
 * plus `after`/`before` = a `cursors` value of a previous page (keyset paging; a bad one is a 400 naming it).
 */
export const GET = apiRoute('trajectory:read', async ({ req, actor }) =>
  listTasks(actor, taskListQuerySchema.parse(searchParamsRecord(req.nextUrl.searchParams))),
);
