import { NextResponse } from 'next/server';
import { prisma } from '@/lib/db/prisma';
import { publicRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** Liveness + database reachability, for load balancers and the start script. Open to anyone. */
export const GET = publicRoute(async () => {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return NextResponse.json({ ok: true });
  } catch {
    return NextResponse.json({ ok: false, error: 'database unreachable' }, { status: 503 });
  }
});
