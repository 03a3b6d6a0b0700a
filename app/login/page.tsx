import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { currentActor } from '@/lib/users/current-actor';
import { homeFor } from '@/lib/auth/navigation';
import { RETURN_PARAM, safeReturnPath } from '@/lib/auth/return-path';
import type { ListPageProps } from '@/lib/pages/page-props';

export const metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: ListPageProps) {
  // The page a signed-out visitor opened (requirePageActor); anything but a path of this site goes home.
  const asked = (await searchParams)[RETURN_PARAM];
  const next = safeReturnPath(typeof asked === 'string' ? asked : null);
  const actor = await currentActor();
  if (actor) redirect(next ?? homeFor(actor.role));
  return (
    <div className="flex min-h-full items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="mb-1 text-xl font-semibold">Memory Console</h1>
        <p className="mb-6 text-sm text-slate-600">Sign in to diagnose, review and curate agent memory.</p>
        <LoginForm next={next} />
      </div>
    </div>
  );
}
