import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';

export type FailureCategoryView = {
  id: string;
  key: string;
  label: string;
  description: string | null;
  position: number;
  active: boolean;
  usage: number;
};

const viewOf = (c: Omit<FailureCategoryView, 'usage'>, usage: number): FailureCategoryView => ({
  id: c.id,
  key: c.key,
  label: c.label,
  description: c.description,
  position: c.position,
  active: c.active,
  usage,
});

const createSchema = z.strictObject({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,48}$/, 'lower-case letters, digits and dashes (2–49 characters)'),
  label: z.string().trim().min(1, 'required').max(120),
  description: z.string().trim().max(1000).nullish(),
  position: z.number().int().min(0).max(10_000).optional(),
});
// The key is immutable: exports and reflection packets refer to categories by key.
const updateFields = createSchema.omit({ key: true }).partial().extend({ active: z.boolean().optional() });
const CHANGEABLE = Object.keys(updateFields.shape).join(', ');
// A change with nothing to change (empty, or only the key) is refused: it would answer 200 and audit nothing.
const updateSchema = updateFields
  .extend({
    key: z
      .never({ error: 'the key never changes (exports and reflection packets refer to it); leave it out' })
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: `Nothing to change: send at least one of ${CHANGEABLE} (the key never changes)`,
  });

/** GET /api/taxonomy's query: `all=1` adds retired categories. Any other value (`all=yes`) is refused, not read as 0. */
export const taxonomyListQuerySchema = z.object({
  all: z.enum(['0', '1'], { error: 'all must be 1 (include retired categories) or 0' }).optional(),
});

/** The taxonomy in display order. Annotators get active categories; admins may ask for retired ones too. */
export async function listFailureCategories(
  actor: Actor,
  opts: { includeInactive?: boolean } = {},
): Promise<FailureCategoryView[]> {
  requirePermission(actor, opts.includeInactive ? 'taxonomy:edit' : 'trajectory:read');
  const rows = await prisma.failureCategory.findMany({
    where: opts.includeInactive ? {} : { active: true },
    orderBy: [{ position: 'asc' }, { label: 'asc' }],
    include: { _count: { select: { diagnoses: true } } },
  });
  return rows.map(({ _count, createdAt: _c, updatedAt: _u, ...c }) => ({ ...c, usage: _count.diagnoses }));
}

export async function createFailureCategory(actor: Actor, raw: unknown): Promise<FailureCategoryView> {
  requirePermission(actor, 'taxonomy:edit');
  const input = createSchema.parse(raw);
  try {
    return await prisma.$transaction(async (tx) => {
      const position =
        input.position ?? ((await tx.failureCategory.aggregate({ _max: { position: true } }))._max.position ?? -1) + 1;
      const c = await tx.failureCategory.create({
        data: { key: input.key, label: input.label, description: input.description ?? null, position },
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'taxonomy.create',
        entityType: 'FailureCategory',
        entityId: c.id,
        after: input,
      });
      return viewOf(c, 0);
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError('CONFLICT', `A category with key "${input.key}" already exists`, [
        { path: 'key', message: 'already taken' },
      ]);
    }
    throw err;
  }
}

/** Edits label/description/order, or retires a category (kept for existing diagnoses, hidden from new ones). */
export async function updateFailureCategory(actor: Actor, id: string, raw: unknown): Promise<FailureCategoryView> {
  requirePermission(actor, 'taxonomy:edit');
  const input = updateSchema.parse(raw);
  return prisma.$transaction(async (tx) => {
    const before = await tx.failureCategory.findUnique({ where: { id } });
    if (!before) throw notFound(`Failure category ${id}`);
    const c = await tx.failureCategory.update({
      where: { id },
      data: input,
      include: { _count: { select: { diagnoses: true } } },
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'taxonomy.update',
      entityType: 'FailureCategory',
      entityId: id,
      before,
      after: input,
    });
    return viewOf(c, c._count.diagnoses);
  });
}
