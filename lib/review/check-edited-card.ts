import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import type { ValidationIssue } from '@/lib/reflection/validate-card';
import { firstApprovalsInclude, planApproval } from './approval-plan';
import { approveInputSchema } from './approve-proposal';
import { loadValidationInputs, validateFinalContent } from './validate-proposal';

/**
 * Dry run of approval's validation for the edit form's live check: the same
 * validators against the cards as they are now, nothing written.
 */
export async function checkEditedCard(
  actor: Actor,
  proposalId: string,
  input: unknown,
): Promise<{ issues: ValidationIssue[] }> {
  requirePermission(actor, 'proposal:review');
  // Approval's body schema, so a misspelt `editedCrad` is refused here too instead of checking no card at all.
  const card = approveInputSchema.pick({ editedCard: true }).parse(input ?? {}).editedCard ?? null;
  const p = await prisma.proposal.findUnique({
    where: { id: proposalId },
    include: {
      run: { select: { id: true, kind: true, taskId: true, settings: true } },
      delta: { select: { content: true } },
      targets: { include: { card: { select: { key: true, currentVersion: { select: { content: true } } } } } },
      reviews: firstApprovalsInclude,
    },
  });
  if (!p) throw notFound(`Proposal ${proposalId}`);
  // The reviewer's changed fields are checked as their words, exactly as approval will.
  const plan = planApproval({ ...p, firstApprovals: p.reviews }, card);
  const inputs = await loadValidationInputs(p, plan.content);
  const targets = p.targets.map((t) => ({
    cardId: t.cardId,
    key: t.card.key,
    primary: t.primary,
    content: t.card.currentVersion?.content ?? null,
  }));
  return { issues: validateFinalContent(p, plan.content, targets, inputs, plan.allAuthored) };
}
