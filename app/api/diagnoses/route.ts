import { z } from 'zod';
import { listTaskDiagnoses } from '@/lib/diagnosis/list-diagnoses';
import { apiRoute } from '@/lib/http/route';

// GET /api/diagnoses?taskId=… — every diagnosis of a task (reviewers, researchers, admins).
export const GET = apiRoute('diagnosis:read-all', async ({ req, actor }) => {
  const taskId = z
    .string()
    .min(1, 'taskId is required')
    .parse(req.nextUrl.searchParams.get('taskId') ?? '');
  return { diagnoses: await listTaskDiagnoses(actor, taskId) };
});
