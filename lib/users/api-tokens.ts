import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { can, requirePermission, type Actor } from '@/lib/auth/permissions';
import { newToken } from '@/lib/auth/tokens';
import { prisma } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import { roleSchema } from './schemas';

export const createTokenSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the token (e.g. "CI importer")').max(80),
    role: roleSchema,
    userId: z.string().optional(),
    expiresInDays: z.number().int().positive().max(3650).optional(),
  })
  // A misspelt field ("expiresIn") is refused by name, not dropped into a token that never expires.
  .strict();

export type ApiTokenView = {
  id: string;
  name: string;
  prefix: string;
  role: string;
  owner: string;
  /** A deactivated owner's tokens are refused (TOKEN_DISABLED). */
  ownerActive: boolean;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
};

export async function listApiTokens(actor: Actor): Promise<ApiTokenView[]> {
  requirePermission(actor, 'admin:tokens');
  const rows = await prisma.apiToken.findMany({ include: { user: true }, orderBy: { createdAt: 'desc' } });
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    role: t.role,
    owner: t.user.email,
    ownerActive: t.user.active,
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    expiresAt: t.expiresAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
  }));
}

/** Returns the plain token once; only its hash is stored. */
export async function createApiToken(actor: Actor, input: unknown): Promise<{ id: string; token: string }> {
  requirePermission(actor, 'admin:tokens');
  const data = createTokenSchema.parse(input);
  const ownerId = data.userId ?? actor.userId;
  const owner = await prisma.user.findUnique({ where: { id: ownerId } });
  if (!owner) throw notFound('Token owner');
  // A token never acts with more than its owner's role.
  if (data.role !== owner.role && !can(owner.role, 'admin:tokens')) {
    throw new AppError('VALIDATION', `A token for ${owner.email} can only have the role ${owner.role.toLowerCase()}`);
  }
  const { token, hash } = newToken('mct');
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.apiToken.create({
      data: {
        name: data.name,
        role: data.role,
        userId: ownerId,
        tokenHash: hash,
        prefix: token.slice(0, 10),
        expiresAt: data.expiresInDays ? new Date(Date.now() + data.expiresInDays * 86400_000) : null,
      },
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'token.create',
      entityType: 'ApiToken',
      entityId: created.id,
      after: { name: data.name, role: data.role },
    });
    return created;
  });
  return { id: row.id, token };
}

/**
 * Revokes a token. Idempotent, like any DELETE: revoking a revoked token
 * answers the same (204) and changes nothing, so `revokedAt` keeps the first
 * revocation's time and the audit log has one `token.revoke` per token.
 * Returns whether this call revoked it.
 */
export async function revokeApiToken(actor: Actor, tokenId: string): Promise<{ revoked: boolean }> {
  requirePermission(actor, 'admin:tokens');
  return prisma.$transaction(async (tx) => {
    // Conditional on "not yet revoked": of two revokes at once, only one changes the row and is audited.
    const { count } = await tx.apiToken.updateMany({
      where: { id: tokenId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (count === 0) {
      if (!(await tx.apiToken.findUnique({ where: { id: tokenId }, select: { id: true } })))
        throw notFound('API token');
      return { revoked: false };
    }
    await recordAudit(tx, { actorId: actor.userId, action: 'token.revoke', entityType: 'ApiToken', entityId: tokenId });
    return { revoked: true };
  });
}
