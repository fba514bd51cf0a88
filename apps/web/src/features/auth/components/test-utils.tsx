import type { ReactNode } from 'react';
import type { Answer } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';

// Shared by the account-screen tests (the generic helpers are in src/test):
// their answers by path, a render whose location shows the query string
// (the screens pass `next` along), a signed-in user and the options answer.

export type Route_ = (path: string, form: URLSearchParams, url: URL) => Answer;

export function renderAt(url: string, path: string, element: ReactNode) {
  return renderRoute(url, path, element, { search: true });
}

export const AUTH_USER = {
  user_id: 7,
  user_name: 'Ayşe',
  user_email: 'ayse@example.com',
  email_verified: '1',
  is_banned: '0',
  user_status: '1',
  image_url: null,
  plan_id: null,
  expired_at: null,
  role: 'user',
} as const;

export const OPTIONS = (provider: 'altcha' | 'off' | 'recaptcha' = 'off', google = true) => ({
  status: 200,
  body: { body: { google, captcha: { provider } } },
});
