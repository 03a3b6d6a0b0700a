import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/permissions';
import { cursorQuerySchema } from '@/lib/http/keyset';
import { pageQuerySchema } from '@/lib/http/pagination';
import { openListPage } from '@/lib/pages/open-list-page';

const actor: Actor = { userId: 'u1', name: 'Rae', email: 'rae@test.local', role: 'REVIEWER', via: 'session' };
// Signing in and "not allowed" are redirects of requirePageActor (covered by e2e/auth.spec.ts); here it only hands the actor.
const requirePageActor = vi.hoisted(() => vi.fn(async () => actor));
vi.mock('@/lib/users/current-actor', () => ({ requirePageActor }));

const schema = pageQuerySchema.extend({ q: z.string().optional() });

describe("a list page's preamble", () => {
  it('checks the permission, then loads the first data with the parsed link', async () => {
    const load = vi.fn(async () => ['row']);
    const page = await openListPage(
      { permission: 'cards:read', schema, load },
      Promise.resolve({ page: '2', q: 'refund' }),
    );
    expect(requirePageActor).toHaveBeenCalledWith('cards:read');
    expect(load).toHaveBeenCalledWith(actor, {
      raw: { page: '2', q: 'refund' },
      query: { page: 2, pageSize: 50, q: 'refund' },
    });
    expect(page).toMatchObject({ ok: true, actor, data: ['row'], raw: { page: '2', q: 'refund' } });
  });

  it('gives a broken link its problems and loads nothing', async () => {
    const load = vi.fn(async () => []);
    const page = await openListPage(
      { permission: 'cards:read', schema, alsoChecked: [cursorQuerySchema], load },
      Promise.resolve({ q: 'refund', after: 'garbage!' }),
    );
    expect(load).not.toHaveBeenCalled();
    expect(page.ok).toBe(false);
    if (page.ok) return;
    expect(page.raw).toEqual({ q: 'refund', after: 'garbage!' });
    expect(page.problems.map((p) => p.param)).toEqual(['after']);
  });
});
