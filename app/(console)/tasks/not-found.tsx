import { NotFoundState } from '@/components/ui/not-found-state';

/** `notFound()` from the task page or its layout: the message inside the console (the status is 404). */
export default function NotFound() {
  return (
    <NotFoundState
      title="Task not found"
      message="There is no task with this id"
      back={{ href: '/tasks', label: 'Back to all tasks' }}
    >
      It may have been removed, or the link is wrong.{' '}
    </NotFoundState>
  );
}
