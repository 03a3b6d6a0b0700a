import Link from 'next/link';

export const metadata = { title: 'Not allowed' };

export default async function ForbiddenPage({ searchParams }: { searchParams: Promise<{ need?: string }> }) {
  const { need } = await searchParams;
  return (
    <div className="flex min-h-full items-center justify-center p-6">
      <div className="max-w-md rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold">Not allowed</h1>
        <p className="mt-2 text-sm text-slate-600">
          Your role cannot open this page{need ? ` (it needs ${need})` : ''}. Ask an admin if you need access.
        </p>
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-indigo-600 hover:underline">
          Back to the console
        </Link>
      </div>
    </div>
  );
}
