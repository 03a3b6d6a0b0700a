import { apiRoute } from '@/lib/http/route';
import { getImportJob, importReportQuerySchema } from '@/lib/import/import-jobs';

/** One import's report; `?errorsPage=2` gives its next 500 problems. */
export const GET = apiRoute<{ id: string }>('import:run', async ({ req, actor, params }) =>
  getImportJob(
    actor,
    params.id,
    importReportQuerySchema.parse({ errorsPage: req.nextUrl.searchParams.get('errorsPage') ?? undefined }).errorsPage,
  ),
);
