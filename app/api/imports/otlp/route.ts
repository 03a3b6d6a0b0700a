import { apiRoute } from '@/lib/http/route';
import { listOtlpIngestion } from '@/lib/otlp/list-ingestion';

export const GET = apiRoute('import:run', ({ actor }) => listOtlpIngestion(actor));
