'use client';

import { ConsoleError } from '@/components/shell/console-error';

/** Any console page that throws while loading: a message inside the shell, not Next's bare error screen. */
export default function Error({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <ConsoleError error={error} retry={retry} />;
}
