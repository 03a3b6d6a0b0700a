import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { requirePageActor } from '@/lib/users/current-actor';

export const dynamic = 'force-dynamic';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const actor = await requirePageActor();
  return <AppShell actor={actor}>{children}</AppShell>;
}
