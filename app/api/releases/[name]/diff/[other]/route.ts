import { apiRoute } from '@/lib/http/route';
import { diffReleases } from '@/lib/releases/diff-releases';

export const dynamic = 'force-dynamic';

/** Cards added, removed and changed (with field diffs) from release `name` to release `other`. */
export const GET = apiRoute<{ name: string; other: string }>('cards:read', async ({ actor, params }) =>
  diffReleases(actor, decodeURIComponent(params.name), decodeURIComponent(params.other)),
);
