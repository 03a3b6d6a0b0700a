import { NotFoundState } from '@/components/ui/not-found-state';

/** `notFound()` from this page: its own message inside the console (the status is 404). */
export default function NotFound() {
  return (
    <NotFoundState
      title="Run not found"
      message="There is no run with this id"
      back={{ href: '/runs', label: 'Back to all runs' }}
    />
  );
}
