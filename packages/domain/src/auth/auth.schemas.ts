import { z } from 'zod';

/** Messages of the account pages. The spec does not word them; they follow its style. */
export const authMessages = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsDiffer: 'Passwords do not match',
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  tokenRequired: 'This link is missing its token',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const emailSchema = z
  .string()
  .trim()
  .min(1, authMessages.emailRequired)
  .max(254, authMessages.emailInvalid)
  .email(authMessages.emailInvalid)
  .transform((email) => email.toLowerCase());

const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, authMessages.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z
  .object({
    firstName: z.string().trim().min(1, authMessages.firstNameRequired).max(40),
    lastName: z.string().trim().min(1, authMessages.lastNameRequired).max(40),
    email: emailSchema,
    password: newPasswordSchema,
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: authMessages.passwordsDiffer,
    path: ['passwordConfirm'],
  });
export type SignupInput = z.infer<typeof signupSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const tokenSchema = z.string().trim().min(1, authMessages.tokenRequired).max(200);

export const resetPasswordSchema = z
  .object({
    token: tokenSchema,
    password: newPasswordSchema,
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: authMessages.passwordsDiffer,
    path: ['passwordConfirm'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.object({ token: tokenSchema });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** Answers of the sign-in calls, shown by the console as they are. */
export const authErrors = {
  badCredentials: 'Incorrect email or password.',
  unverified: 'Please verify your email address before signing in.',
  throttled: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  badVerifyLink: 'This verification link is invalid or has expired.',
  badResetLink: 'This reset link is invalid or has expired.',
  tooManySignups: 'Too many sign-ups. Please try later.',
  tooManyResetRequests: 'Too many reset requests. Please wait a few minutes and try again.',
} as const;
