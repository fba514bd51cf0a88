import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  AUTH_ERRORS,
  AUTH_MESSAGES,
  AVATAR_MAX_BYTES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  TOAST_SHORT_MS,
} from '@bosphorus/contract';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { setStoredUser } from '../../../lib/auth-store';
import { useCurrentUser } from '../../../lib/session';
import { uploadUrl } from '../../../lib/uploads';
import { updateProfile } from '../api/update-profile';
import './edit-profile.css';

// Spec §2 Profile area → Edit profile, §5 rules (name required, password
// optional, the avatar an image), §8 'Profile updated successfully' then the
// page reloads. A new password needs the current one (docs/auth.md): its
// field appears once a new password is typed.

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export function validateProfile(
  name: string,
  password: string,
  avatar: File | null,
  currentPassword = '',
): string | null {
  if (!name.trim()) return `Display name ${AUTH_ERRORS.required}`;
  if (password && password.length < PASSWORD_MIN_LENGTH) return `Password ${AUTH_ERRORS.passwordTooShort}`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password ${AUTH_ERRORS.passwordTooLong}`;
  if (password && !currentPassword) return AUTH_ERRORS.currentPasswordRequired;
  if (avatar && !AVATAR_TYPES.includes(avatar.type)) return `Avatar ${AUTH_ERRORS.avatarType}`;
  if (avatar && avatar.size > AVATAR_MAX_BYTES) return `Avatar ${AUTH_ERRORS.avatarTooLarge}`;
  return null;
}

export function EditProfilePage({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const user = useCurrentUser();
  const fileId = useId();
  const [name, setName] = useState(user?.user_name ?? '');
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!avatar) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(avatar);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [avatar]);

  if (!user) return null;
  const current = preview ?? (user.image_url ? uploadUrl(user.image_url) : null);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateProfile(name, password, avatar, currentPassword);
    setError(invalid);
    if (invalid) return;
    setPending(true);
    try {
      const fresh = await updateProfile({ userId: user.user_id, name: name.trim(), password, currentPassword, avatar });
      setStoredUser({ ...user, ...fresh });
      showToast(AUTH_MESSAGES.profileUpdated, { tone: 'success', durationMs: TOAST_SHORT_MS });
      // Spec §8: the page reloads (once the message can be read).
      setTimeout(reload, TOAST_SHORT_MS);
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 0 ? err.message : AUTH_MESSAGES.unexpectedError);
    } finally {
      setPending(false);
    }
  };

  return (
    <main id="main" className="page page--narrow edit-profile">
      <h1 className="page-title">Edit profile</h1>
      <form className="edit-profile__form" onSubmit={(e) => void handleSubmit(e)} noValidate>
        <div className="edit-profile__avatar">
          {current ? (
            <img src={current} alt="Profile picture preview" width={96} height={96} />
          ) : (
            <span className="edit-profile__initial" aria-hidden="true">
              {user.user_name.trim().charAt(0).toUpperCase() || '?'}
            </span>
          )}
          <div className="field">
            <label className="field__label" htmlFor={fileId}>
              Avatar image
            </label>
            <input
              id={fileId}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              onChange={(e) => setAvatar(e.target.files?.[0] ?? null)}
            />
          </div>
        </div>
        <TextField
          label="Display name"
          name="user_name"
          value={name}
          onChange={setName}
          autoComplete="nickname"
          maxLength={PROFILE_NAME_MAX_LENGTH}
          navEntry
        />
        <p className="edit-profile__email">
          E-mail: <span>{user.user_email}</span>
        </p>
        <PasswordField
          label="New password (optional)"
          name="user_password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          required={false}
        />
        {password && (
          <PasswordField
            label="Current password"
            name="current_password"
            value={currentPassword}
            onChange={setCurrentPassword}
            autoComplete="current-password"
          />
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={pending}>
          Save changes
        </button>
      </form>
    </main>
  );
}
