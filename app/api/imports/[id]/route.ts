import { z } from 'zod';
import { apiRoute } from '@/lib/http/route';
import { getImportJob } from '@/lib/import/import-jobs';

const querySchema = z.object({ errorsPage: z.coerce.number().int().min(1).default(1) });

/** One import's report; `?errorsPage=2` gives its next 500 problems. */
export const GET = apiRoute<{ id: string }>('import:run', async ({ req, actor, params }) =>
  getImportJob(actor, params.id, querySchema.parse({ errorsPage: req.nextUrl.searchParams.get('errorsPage') ?? undefined }).errorsPage),
);
