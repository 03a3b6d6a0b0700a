import { z } from 'zod';
import { saveSettings } from '@/lib/admin/save-settings';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma, type Tx } from '@/lib/db/prisma';

/**
 * How reviews work (Admin → Review): whether a card whose words are a
 * reviewer's (edited before approval, or written by hand) needs a second,
 * different reviewer before it enters the bank. A curator's card approved as
 * proposed never does: the words were checked for traceability instead.
 */
export const REVIEW_SETTING = 'review.policy';

export const reviewSettingsSchema = z.strictObject({
  secondReviewerForReviewerWords: z.boolean({ message: 'secondReviewerForReviewerWords must be true or false' }),
  // The skill banks (abilities) it applies to; none listed = every bank, function cards included.
  abilities: z
    .array(z.string().trim().min(1, 'a bank name cannot be empty').max(200), {
      message: 'abilities must be a list of bank names',
    })
    .max(200)
    .default([]),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

const DEFAULTS: ReviewSettings = { secondReviewerForReviewerWords: false, abilities: [] };

/** Whether a reviewer's words in a card of this bank need a second reviewer. */
export function secondReviewerRequired(s: ReviewSettings, ability: string | null): boolean {
  return s.secondReviewerForReviewerWords && (s.abilities.length === 0 || s.abilities.includes(ability ?? ''));
}

/** Read inside the approval transaction too, so a change of the setting applies to the next approval. */
export async function readReviewSettings(db: Tx | typeof prisma = prisma): Promise<ReviewSettings> {
  const row = await db.setting.findUnique({ where: { key: REVIEW_SETTING } });
  const parsed = reviewSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULTS;
}

export async function getReviewSettings(actor: Actor): Promise<ReviewSettings> {
  requirePermission(actor, 'proposal:read');
  return readReviewSettings();
}

export async function updateReviewSettings(actor: Actor, input: unknown): Promise<ReviewSettings> {
  requirePermission(actor, 'admin:settings');
  const value = reviewSettingsSchema.parse(input);
  await prisma.$transaction(async (tx) => {
    const before = await readReviewSettings(tx);
    await saveSettings(tx, actor, {
      action: 'settings.review.update',
      values: [[REVIEW_SETTING, value]],
      before,
      after: value,
    });
  });
  return value;
}
