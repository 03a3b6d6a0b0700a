import { redirect } from 'next/navigation';
import { requirePageActor } from '@/lib/users/current-actor';
import { homeFor } from '@/lib/auth/navigation';

export default async function Home() {
  const actor = await requirePageActor();
  redirect(homeFor(actor.role));
}
