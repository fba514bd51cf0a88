import { useMutation } from '@tanstack/react-query';
import { AUTH_FIELDS } from '@bosphorus/contract';
import { z } from 'zod';
import { api } from '../../../lib/api';

// Spec §7: POST /mail, form name, email, message, subject (and the captcha
// answer, as the sign-up form sends it) → top-level message.

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  captcha: string;
}

const answer = z.object({ message: z.string() });

export async function sendContact({ name, email, subject, message, captcha }: ContactInput): Promise<string> {
  const form: Record<string, string> = { name, email, message, subject };
  if (captcha) form[AUTH_FIELDS.captcha] = captcha;
  return answer.parse(await api.post<unknown>('/mail', form)).message;
}

export function useSendContact() {
  // A captcha answer is good once: never retried behind the person's back.
  return useMutation({ mutationFn: sendContact, retry: false });
}
