import { NotFoundState } from '@/components/ui/not-found-state';

/** `notFound()` from this page: its own message inside the console (the status is 404). */
export default function NotFound() {
  return (
    <NotFoundState
      title="Card not found"
      message="There is no card with this id or key"
      back={{ href: '/cards', label: 'Back to the bank' }}
    />
  );
}
