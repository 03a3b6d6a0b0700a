import { TokensAdmin } from '@/components/admin/tokens-admin';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { listApiTokens } from '@/lib/users/api-tokens';

export const metadata = { title: 'API tokens' };

export default async function TokensPage() {
  const actor = await requirePageActor('admin:tokens');
  return (
    <>
      <PageHeader
        title="API tokens"
        description="Bearer tokens for the import API, the CLI and agent runtimes (Authorization: Bearer <token>). A token acts with the role you give it."
      />
      <TokensAdmin initialTokens={await listApiTokens(actor)} />
    </>
  );
}
