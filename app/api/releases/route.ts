import { apiRoute, readJson } from '@/lib/http/route';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { listReleases } from '@/lib/releases/read-release';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('cards:read', async ({ actor }) => ({ items: await listReleases(actor) }));

/** Freeze the current bank: `{ name, note, overrideNote? }` (409 with the leaks when held-out tasks leak and no override note is given). */
export const POST = apiRoute('release:freeze', async ({ req, actor }) => freezeRelease(actor, await readJson(req)));
