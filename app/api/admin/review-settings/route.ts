import { apiRoute, readJson } from '@/lib/http/route';
import { getReviewSettings, updateReviewSettings } from '@/lib/review/review-settings';

export const GET = apiRoute('admin:settings', async ({ actor }) => ({ settings: await getReviewSettings(actor) }));

// { secondReviewerForReviewerWords }: a reviewer's own words (edited or hand-written cards) need a second reviewer.
export const PUT = apiRoute('admin:settings', async ({ req, actor }) => ({
  settings: await updateReviewSettings(actor, await readJson(req)),
}));
