import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  AUTH_ERRORS,
  AUTH_FIELDS,
  AUTH_LABELS,
  AUTH_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@bosphorus/contract';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { postResetPassword } from '../api/password';
import { useSignIn } from '../hooks/use-sign-in';
import { PasswordField } from '../../../components/ui/form-field';
import './auth.css';

// Spec §2 New password: new password and confirm; the token comes from the
// query. §4: after the reset the user is signed in with the e-mail returned.

export const PASSWORDS_DIFFER = 'The two passwords do not match.';

export function NewPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { submit } = useSignIn();

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || !confirm) return setError(AUTH_MESSAGES.fillAllFields);
    if (password.length < PASSWORD_MIN_LENGTH) return setError(`Password ${AUTH_ERRORS.passwordTooShort}`);
    if (password.length > PASSWORD_MAX_LENGTH) return setError(`Password ${AUTH_ERRORS.passwordTooLong}`);
    if (password !== confirm) return setError(PASSWORDS_DIFFER);
    setError(null);
    setPending(true);
    let email: string;
    try {
      email = await postResetPassword(token, password);
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 0 ? err.message : AUTH_MESSAGES.unexpectedError);
      setPending(false);
      return;
    }
    showToast(AUTH_MESSAGES.passwordReset, { tone: 'success' });
    const result = await submit(email, password);
    setPending(false);
    if (result === 'ok') void navigate('/', { replace: true });
    else void navigate('/signin', { replace: true });
  };

  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Choose a new password</h1>
        {!token ? (
          <>
            <p className="auth-alert" role="alert">
              {AUTH_ERRORS.resetTokenInvalid}
            </p>
            <p className="auth-card__foot">
              <Link to="/forgotpassword" className="auth-link">
                {AUTH_LABELS.forgotPassword}
              </Link>
            </p>
          </>
        ) : (
          <form className="auth-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
            <PasswordField
              label="New password"
              name={AUTH_FIELDS.newPassword}
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
            />
            <PasswordField
              label="Confirm password"
              name="confirmPassword"
              value={confirm}
              onChange={setConfirm}
              autoComplete="new-password"
            />
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="btn btn--primary auth-form__submit" disabled={pending}>
              {AUTH_LABELS.submit}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
