import { z } from 'zod';
import { AUTH_ERRORS, NATIVE_CLIENT, PROFILE_NAME_MAX_LENGTH } from '@bosphorus/contract';
import { passwordProblem } from './passwords.js';

// Form fields the account calls share (auth's sign-up and sign-in, users'
// edit profile): one definition each, so a name or a user id is checked the
// same way wherever a form carries it.

export const required = () =>
  z.string({ error: (issue) => (issue.input === undefined ? AUTH_ERRORS.required : 'must be text') });
export const requiredText = () => required().trim().min(1, AUTH_ERRORS.required);

/** A new password: 8 to 256 characters, kept exactly as typed. */
export const newPassword = () =>
  required().superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const userName = () =>
  requiredText().max(PROFILE_NAME_MAX_LENGTH, `must be at most ${PROFILE_NAME_MAX_LENGTH} characters`);

/** A user id as forms (text) or JSON (a number) carry it. */
export const clientUserId = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .optional();

/** `client=native`: the refresh credential comes in the body, not in a cookie (docs/auth.md). */
export const clientField = z
  .enum([NATIVE_CLIENT, 'web'])
  .optional()
  .describe('`native` (mobile, TV): the answer carries body.refresh_token and sets no cookie');
