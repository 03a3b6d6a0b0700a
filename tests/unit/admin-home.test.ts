import { describe, expect, it } from 'vitest';
import AdminHome from '@/app/(console)/admin/page';

describe('/admin', () => {
  it('sends the browser to the first admin tab (Users) instead of answering 404', () => {
    let digest = '';
    try {
      AdminHome();
    } catch (err) {
      digest = String((err as { digest?: string }).digest);
    }
    expect(digest).toMatch(/^NEXT_REDIRECT;replace;\/admin\/users;/);
  });
});
