import type { ReactNode } from 'react';
import { NotFoundState } from '@/components/ui/not-found-state';

/**
 * A detail route's not-found.tsx (`export default notFoundPage({...})`): what `notFound()` from that page
 * shows inside the console (the status is 404), so the route file states only its own words and way back.
 */
export function notFoundPage(state: {
  title: string;
  message: string;
  back: { href: string; label: string };
  hint?: ReactNode;
}) {
  return function NotFound() {
    return (
      <NotFoundState title={state.title} message={state.message} back={state.back}>
        {state.hint}
      </NotFoundState>
    );
  };
}
