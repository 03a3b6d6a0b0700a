import { z } from 'zod';

export const loginSchema = z.strictObject({
  email: z.string().trim().min(1, 'E-mail is required'),
  password: z.string().min(1, 'Password is required'),
});
