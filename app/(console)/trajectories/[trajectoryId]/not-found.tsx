import { NotFoundState } from '@/components/ui/not-found-state';

/** `notFound()` from this page: its own message inside the console (the status is 404). */
export default function NotFound() {
  return (
    <NotFoundState
      title="Trajectory not found"
      message="There is no trajectory with this id"
      back={{ href: '/tasks', label: 'Back to all tasks' }}
    />
  );
}
