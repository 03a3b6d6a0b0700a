import { apiRoute } from '@/lib/http/route';
import { openLiveStream } from '@/lib/live/live-stream';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Server-sent change notifications: ?channels=runs,batches,imports,proposals,queue (each permission-checked). */
export const GET = apiRoute('trajectory:read', async ({ req, actor }) =>
  openLiveStream(actor, req.nextUrl.searchParams.get('channels'), req.signal),
);
