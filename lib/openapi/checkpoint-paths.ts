import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { AttachResult } from '@/lib/import/attach-checkpoint-results';
import { attachCheckpointsBodySchema } from '@/lib/import/checkpoint-results-schema';
import { errors, errorSchema, json, named, sameShape } from './shared';

/** Checkpoint results that arrive after the trajectory (issue 44 item 4), in the OpenAPI document. */
const attachResultSchema = z.object({
  trajectoryId: z.string(),
  externalId: z.string().describe('The id the trajectory was imported under (an OTLP trace: its trace id)'),
  checkpoints: z.array(
    z.object({
      id: z.string(),
      status: z
        .enum(['attached', 'replaced', 'unchanged'])
        .describe('replaced: an undiagnosed result was changed (audited); unchanged: the same result was sent again'),
    }),
  ),
  outcome: z.object({ passed: z.boolean(), score: z.number().nullable() }),
  pendingCount: z
    .number()
    .int()
    .describe('Items still waiting for a diagnosis: above 0, the trajectory is in the queue'),
});

sameShape<z.infer<typeof attachResultSchema>, AttachResult>(true);

export function registerCheckpointPaths(r: OpenAPIRegistry): void {
  const Body = named(r, 'AttachCheckpoints', attachCheckpointsBodySchema);
  r.registerPath({
    method: 'post',
    path: '/api/trajectories/{trajectoryId}/checkpoints',
    summary: 'Attach checkpoint results to an imported trajectory (researcher, admin)',
    description:
      'For results computed after the run. The trajectory is named by its console id or the id it was imported under. Sending the same results again changes nothing; a different result for an undiagnosed checkpoint replaces it; the outcome follows the results unless `outcome` is given, and the trajectory is queued like an imported one. See docs/trajectory-format.md.',
    request: {
      params: z.object({ trajectoryId: z.string() }),
      body: { content: { 'application/json': { schema: Body } } },
    },
    responses: {
      200: json(attachResultSchema, 'What happened to each result, the outcome and the queue count'),
      404: json(errorSchema, 'No such trajectory (the message names the id)'),
      409: json(
        errorSchema,
        'A result differs for a checkpoint that has a diagnosis (or the run was diagnosed as a whole): the message names the diagnosis; nothing was written',
      ),
      422: json(
        errorSchema,
        'An anchor past the last event, an unknown span, a checkpoint the task lacks without a name: nothing was written',
      ),
      ...errors,
    },
  });
}
