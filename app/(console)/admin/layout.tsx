import type { ReactNode } from 'react';
import { AdminTabs } from '@/components/admin/admin-tabs';
import { requirePageActor } from '@/lib/users/current-actor';

export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requirePageActor('admin:users');
  return (
    <div>
      <AdminTabs />
      {children}
    </div>
  );
}
