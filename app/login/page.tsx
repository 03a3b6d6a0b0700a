import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { currentActor } from '@/lib/auth/current-actor';
import { homeFor } from '@/lib/auth/navigation';

export const metadata = { title: 'Sign in' };

export default async function LoginPage() {
  const actor = await currentActor();
  if (actor) redirect(homeFor(actor.role));
  return (
    <div className="flex min-h-full items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="mb-1 text-xl font-semibold">Memory Console</h1>
        <p className="mb-6 text-sm text-slate-500">Sign in to diagnose, review and curate agent memory.</p>
        <LoginForm />
      </div>
    </div>
  );
}
