import { NotFoundState } from '@/components/ui/not-found-state';

/** `notFound()` from this page: its own message inside the console (the status is 404). */
export default function NotFound() {
  return (
    <NotFoundState
      title="Release not found"
      message="There is no release with this name"
      back={{ href: '/releases', label: 'Back to all releases' }}
    />
  );
}
