import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { assertKnownAbility } from './known-ability';
import { resolveBank } from './resolve-bank';
import { runRetrieval } from './run-retrieval';
import { retrieveRequestSchema, type RetrieveResponse } from './retrieve-schema';

/** `POST /api/retrieve`: what an agent runtime injects for a task (any role, including annotator tokens). */
export async function retrieve(actor: Actor | null, input: unknown): Promise<RetrieveResponse> {
  requirePermission(actor, 'retrieval:query');
  const req = retrieveRequestSchema.parse(input);
  const bank = await resolveBank(req.release);
  await assertKnownAbility(bank.index, req.ability);
  return runRetrieval(bank.index, bank.label, req).response;
}
