import { apiRoute, readJson } from '@/lib/http/route';
import { searchParamsRecord } from '@/lib/http/pagination';
import { listProposals } from '@/lib/review/list-proposals';
import { writeCard } from '@/lib/review/write-card';

/** The review inbox: ?status=&kind=&ability=&operation=&taskId=&runId=&valid=&stale=&week=&bank=&rule=&decision=&reviewerId=&from=&to=&page=&pageSize= (newest first, with counts). */
export const GET = apiRoute('proposal:read', async ({ req, actor }) =>
  listProposals(actor, searchParamsRecord(req.nextUrl.searchParams)),
);

/** { taskId | diagnosisId, card, note? } → { proposalId }: a skill card written by hand, pending review. 422 when it fails validation. */
export const POST = apiRoute('proposal:review', async ({ req, actor }) => writeCard(actor, await readJson(req)));
