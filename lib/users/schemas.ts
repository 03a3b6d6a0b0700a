import { z } from 'zod';

export const roleSchema = z.enum(['ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN']);

export const createUserSchema = z
  .object({
    email: z.string().trim().toLowerCase().email('Enter a valid e-mail address'),
    name: z.string().trim().min(1, 'Name is required').max(120),
    role: roleSchema,
    password: z.string().min(8, 'Password must be at least 8 characters').max(200),
  })
  // A misspelt field ("rol") is refused by name instead of being dropped while the call "succeeds".
  .strict();
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const updateUserSchema = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    role: roleSchema.optional(),
    active: z.boolean().optional(),
    password: z.string().min(8, 'Password must be at least 8 characters').max(200).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const userViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  active: z.boolean(),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** A row of the users page: the user and their working API tokens (which a role change may revoke). */
export type UserListItem = UserView & { activeTokens: { id: string; name: string; role: UserView['role'] }[] };
