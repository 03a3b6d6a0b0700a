import { z } from 'zod';

// No account has a longer e-mail (the longest an address can be) or password (lib/users/schemas.ts);
// a longer one also overflowed the sign-in throttle's key column: a 500 instead of a 400.
const EMAIL_MAX = 254;
const PASSWORD_MAX = 200;

export const loginSchema = z.strictObject({
  email: z.string().trim().min(1, 'E-mail is required').max(EMAIL_MAX, `E-mail is longer than ${EMAIL_MAX} characters`),
  password: z
    .string()
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password is longer than ${PASSWORD_MAX} characters`),
});
