import { getAgreementFigures } from '@/lib/diagnosis/agreement-report';
import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute } from '@/lib/http/route';

// ?benchmark=&ability=: agreement figures over checkpoints with two or more diagnoses.
export const GET = apiRoute('diagnosis:read-all', async ({ req, actor }) => ({
  figures: await getAgreementFigures(actor, searchParamsRecord(req.nextUrl.searchParams)),
}));
