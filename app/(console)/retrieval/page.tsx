import { RetrievalPreviewView } from '@/components/retrieval/retrieval-preview';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { previewOptions } from '@/lib/releases/preview-options';

export const metadata = { title: 'Retrieval preview' };

export default async function Page({ searchParams }: { searchParams: Promise<{ taskId?: string }> }) {
  const actor = await requirePageActor('retrieval:preview');
  const { taskId } = await searchParams;
  const options = await previewOptions(actor, typeof taskId === 'string' ? taskId : undefined);
  return (
    <>
      <PageHeader
        title="Retrieval preview"
        description="Exactly what an agent runtime gets from POST /api/retrieve: ranked cards with score parts, the rendered block and leakage warnings."
      />
      <RetrievalPreviewView options={options} />
    </>
  );
}
