import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { requirePageActor } from '@/lib/users/current-actor';
import { findTask } from '@/lib/contrast/find-task';
import { orNotFound } from '@/lib/pages/or-not-found';

/**
 * Outside the page's loading skeleton (./loading.tsx): a missing task is found here,
 * before anything streams, so it answers 404 (../not-found.tsx says what is missing).
 */
export default async function TaskLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ taskId: string }>;
}) {
  const actor = await requirePageActor('trajectory:read');
  const { taskId } = await params;
  // A malformed id (it does not parse) is as missing as an unknown one.
  (await orNotFound(findTask(actor, taskId), { malformedIsMissing: true })) ?? notFound();
  return children;
}
