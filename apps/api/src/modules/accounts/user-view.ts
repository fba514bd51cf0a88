import type { AuthUser } from '@bosphorus/contract';
import type { UserRow } from './users.repository.js';

/** The user as the client stores it (spec §3); the answer schema is the allow-list. */
export function toAuthUser(user: UserRow): AuthUser {
  const subscribed = user.planEndsAt !== null;
  return {
    user_id: user.id,
    user_name: user.name,
    user_email: user.email,
    email_verified: user.verified ? '1' : '0',
    is_banned: user.banned ? '1' : '0',
    user_status: subscribed ? '1' : '0',
    image_url: user.avatar,
    plan_id: subscribed ? user.planId : null,
    expired_at: user.planEndsAt ? user.planEndsAt.toISOString() : null,
    role: user.role,
  };
}
