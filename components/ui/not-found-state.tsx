import Link from 'next/link';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** A detail page whose id names nothing: a header, what is missing, and the way back to the list. */
export function NotFoundState({
  title,
  message,
  back,
  children,
}: {
  title: string;
  message: string;
  back: { href: string; label: string };
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title={message}>
        {children}
        <Link href={back.href} className="font-medium text-indigo-700 hover:underline">
          {back.label}
        </Link>
      </EmptyState>
    </>
  );
}
