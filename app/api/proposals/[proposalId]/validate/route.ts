import { apiRoute, readJson } from '@/lib/http/route';
import { checkEditedCard } from '@/lib/review/check-edited-card';

/** { editedCard } → { issues }: approval's validation as a dry run (the edit form's live check). */
export const POST = apiRoute<{ proposalId: string }>('proposal:review', async ({ req, actor, params }) =>
  checkEditedCard(actor, params.proposalId, await readJson(req)),
);
