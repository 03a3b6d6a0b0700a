import { apiRoute } from '@/lib/http/route';
import { auditLeakage } from '@/lib/releases/leakage-audit';

export const dynamic = 'force-dynamic';

/** Every held-out task's retrieval against `?release=` (a name or "current"; default the newest release), with each leak's provenance path. */
export const GET = apiRoute('retrieval:preview', async ({ req, actor }) => auditLeakage(actor, { release: req.nextUrl.searchParams.get('release') || undefined }));
