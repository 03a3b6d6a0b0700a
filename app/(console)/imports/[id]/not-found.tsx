import { NotFoundState } from '@/components/ui/not-found-state';

/** `notFound()` from this page: its own message inside the console (the status is 404). */
export default function NotFound() {
  return (
    <NotFoundState
      title="Import not found"
      message="There is no import with this id"
      back={{ href: '/imports', label: 'Back to all imports' }}
    />
  );
}
