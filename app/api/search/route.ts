import { apiRoute } from '@/lib/http/route';
import { searchParamsRecord } from '@/lib/http/pagination';
import { searchTranscripts } from '@/lib/search/search-transcripts';

// GET /api/search?q=&tool=&source=&type=&outcome=&checkpointFailed=&model=&benchmark=&page=
export const GET = apiRoute('trajectory:read', async ({ req, actor }) =>
  searchTranscripts(actor, searchParamsRecord(req.nextUrl.searchParams)),
);
