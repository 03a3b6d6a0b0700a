import { TokensAdmin } from '@/components/admin/tokens-admin';
import { loadedPage } from '@/components/shell/loaded-page';
import { listApiTokens } from '@/lib/users/api-tokens';

export const metadata = { title: 'API tokens' };

export default loadedPage({
  permission: 'admin:tokens',
  load: listApiTokens,
  title: 'API tokens',
  description:
    'Bearer tokens for the import API, the CLI and agent runtimes (Authorization: Bearer <token>). A token acts with the role you give it.',
  render: (tokens) => <TokensAdmin initialTokens={tokens} />,
});
