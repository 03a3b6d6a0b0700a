import { LlmConnectionTest } from '@/components/admin/llm-connection-test';
import { LlmSettingsForm } from '@/components/reflection/llm-settings-form';
import { loadedPage } from '@/components/shell/loaded-page';
import { getLlmStatus } from '@/lib/reflection/llm-settings';

export const metadata = { title: 'LLM settings' };

export default loadedPage({
  permission: 'admin:settings',
  load: getLlmStatus,
  title: 'LLM settings',
  description:
    'Models per step for the Reflector, the Curator and the function-card builder. The endpoint and API key come only from the server environment (OPENAI_BASE_URL, OPENAI_API_KEY) and are never stored or shown here.',
  render: (status) => (
    <>
      <LlmSettingsForm initial={status} />
      <LlmConnectionTest />
    </>
  ),
});
