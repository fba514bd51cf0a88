import { userBody, type AuthUser } from '@bosphorus/contract';
import { api } from '../../../lib/api';

export interface ProfileUpdate {
  userId: number | string;
  name: string;
  password?: string;
  /** Required by the server with a new password. */
  currentPassword?: string;
  avatar?: File | null;
}

/**
 * POST /auth/update-profile, multipart (spec §7): user_id, user_name,
 * user_password with current_password (only when a new one was typed) and
 * the profile image.
 */
export async function updateProfile({
  userId,
  name,
  password,
  currentPassword,
  avatar,
}: ProfileUpdate): Promise<AuthUser> {
  const form = new FormData();
  form.set('user_id', String(userId));
  form.set('user_name', name);
  if (password) {
    form.set('user_password', password);
    form.set('current_password', currentPassword ?? '');
  }
  if (avatar) form.set('profile', avatar);
  const body = await api.postMultipart<unknown>('/auth/update-profile', form);
  return userBody.parse(body).user;
}
