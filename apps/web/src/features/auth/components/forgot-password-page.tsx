import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { AUTH_LABELS, AUTH_MESSAGES } from '@bosphorus/contract';
import { ApiError } from '../../../lib/api';
import { useSignedInOnArrival } from '../hooks/use-signed-in-on-arrival';
import { postForgotPassword } from '../api/password';
import { TextField } from '../../../components/ui/form-field';
import './auth.css';

// Spec §2 Forgot password: an e-mail and Submit; the answer's message shows
// (the server answers the same for known and unknown e-mails).

export function ForgotPasswordPage() {
  const signedInOnArrival = useSignedInOnArrival();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setResult({ ok: false, text: AUTH_MESSAGES.fillAllFields });
      return;
    }
    setPending(true);
    try {
      const answer = await postForgotPassword(email.trim());
      setResult({ ok: true, text: answer.message ?? AUTH_MESSAGES.resetLinkSent });
    } catch (err) {
      setResult({
        ok: false,
        text: err instanceof ApiError && err.status !== 0 ? err.message : AUTH_MESSAGES.unexpectedError,
      });
    } finally {
      setPending(false);
    }
  };

  // Signed in: the password is changed on Edit profile (issue 10).
  if (signedInOnArrival) return <Navigate to="/" replace />;

  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">{AUTH_LABELS.forgotPassword}</h1>
        <p className="auth-card__lead">Enter your e-mail and we will send you a link to choose a new password.</p>
        <form className="auth-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
          <TextField label="E-mail" name="email" type="email" value={email} onChange={setEmail} autoComplete="email" />
          {result && (
            <p className={result.ok ? 'form-success' : 'form-error'} role={result.ok ? 'status' : 'alert'}>
              {result.text}
            </p>
          )}
          <button type="submit" className="btn btn--primary auth-form__submit" disabled={pending}>
            {AUTH_LABELS.submit}
          </button>
        </form>
        <p className="auth-card__foot">
          <Link to="/signin" className="auth-link">
            {AUTH_LABELS.logIn}
          </Link>
        </p>
      </div>
    </main>
  );
}
