import { NotFoundState } from '@/components/ui/not-found-state';

/** `notFound()` from this page: its own message inside the console (the status is 404). */
export default function NotFound() {
  return (
    <NotFoundState
      title="Proposal not found"
      message="There is no proposal with this id"
      back={{ href: '/reviews', label: 'Back to the inbox' }}
    />
  );
}
