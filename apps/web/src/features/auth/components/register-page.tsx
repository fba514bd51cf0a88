import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  AUTH_FIELDS,
  AUTH_LABELS,
  AUTH_MESSAGES,
  PROFILE_NAME_MAX_LENGTH,
  REGISTRATION_REDIRECT_MS,
  WATCH_GATE_TEXTS,
  isWatchPath,
  safeNextPath,
  missingCaptchaText,
} from '@bosphorus/contract';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useSignedInOnArrival } from '../hooks/use-signed-in-on-arrival';
import { useAuthOptions } from '../api/get-auth-options';
import { postRegister } from '../api/register';
import { useSignIn } from '../hooks/use-sign-in';
import { CaptchaField } from './captcha-field';
import { GoogleButton } from './google-button';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { VerificationStep } from './verification-dialog';
import { withNext } from '../utils/with-next';
import './auth.css';

// Spec §2 Sign-up, §4 Registration, §5 Sign-up rules, §8 Registration and
// Validation messages.

/** Spec §5: name, e-mail and password must be non-blank. */
export function validateRegistration(fields: { name: string; email: string; password: string }): string | null {
  const values = [fields.name, fields.email, fields.password];
  if (values.some((v) => v === '')) return AUTH_MESSAGES.fillAllFields;
  if (values.some((v) => v.trim() === '')) return AUTH_MESSAGES.noBlankSpace;
  return null;
}

const afterLoginFailure = (err: unknown) =>
  (err instanceof ApiError ? err.serverMessage : undefined) ?? AUTH_MESSAGES.loginFailedAfterRegistration;

export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Where the viewer was going when they were asked to sign in (decision 0074).
  const nextParam = safeNextPath(params.get('next'));
  const next = nextParam ?? '/';
  const signedInOnArrival = useSignedInOnArrival();
  const termsId = useId();
  const options = useAuthOptions();
  const provider = options.data?.captcha.provider ?? (options.isError ? 'off' : null);
  const captchaRequired = provider === 'altcha' || provider === 'recaptcha';

  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaKey, setCaptchaKey] = useState(0);
  const [terms, setTerms] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [registering, setRegistering] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const { submit, pending, verification, askVerification, closeVerification } = useSignIn({
    failureMessage: afterLoginFailure,
  });

  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => void navigate(next, { replace: true }), REGISTRATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirecting, navigate, next]);

  const handleSolved = useCallback((payload: string) => setCaptcha(payload), []);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid =
      validateRegistration({ name, email, password }) ??
      (captchaRequired && !captcha ? missingCaptchaText(provider) : null) ??
      (!terms ? AUTH_MESSAGES.agreeTerms : null);
    setFormError(invalid);
    if (invalid || provider === null) return;

    setRegistering(true);
    let message: string;
    let verified: boolean;
    try {
      const answer = await postRegister({ name: name.trim(), email: email.trim(), password, captcha });
      message = answer.message;
      verified = answer.email_verified === '1';
    } catch (err) {
      const text =
        err instanceof ApiError && err.banned
          ? AUTH_MESSAGES.banned
          : ((err instanceof ApiError ? err.serverMessage : undefined) ?? AUTH_MESSAGES.registrationFailed);
      showToast(text, { tone: 'error' });
      // A captcha solution is good for one try: ask for a fresh one.
      setCaptcha('');
      setCaptchaKey((k) => k + 1);
      setRegistering(false);
      return;
    }
    setRegistering(false);
    // The answer says the e-mail waits for its code: straight to the code
    // popup, without a sign-in the server would refuse (issue 15: every
    // registration logged a failed POST /api/auth/token). Verified, the
    // popup signs in with the same credentials.
    if (!verified) {
      askVerification(email.trim(), password);
      return;
    }
    // Spec §4: on success the user is signed in with the same credentials.
    const result = await submit(email.trim(), password);
    if (result === 'ok') {
      showToast(message, { tone: 'success' });
      setRedirecting(true);
    }
  };

  const busy = registering || pending || redirecting;

  // Already signed in: nothing to register (issue 10).
  if (signedInOnArrival) return <Navigate to="/" replace />;

  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">{AUTH_LABELS.createAccount}</h1>
        {isWatchPath(nextParam) && (
          <p className="auth-reason" role="status">
            {WATCH_GATE_TEXTS.signInToWatch}
          </p>
        )}
        <GoogleButton
          label="Sign up with Google"
          beforeStart={() => {
            if (captchaRequired && !captcha) {
              showToast(missingCaptchaText(provider, true), { tone: 'error' });
              return false;
            }
            const query: Record<string, string> = { from: 'register' };
            if (captcha) query.captcha = captcha;
            return withNext(query, nextParam);
          }}
        />
        <p className="auth-divider">
          <span>{AUTH_LABELS.or}</span>
        </p>
        <form className="auth-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
          <TextField
            label="Name"
            name={AUTH_FIELDS.registerName}
            value={name}
            onChange={setName}
            autoComplete="name"
            maxLength={PROFILE_NAME_MAX_LENGTH}
            navEntry
          />
          <TextField
            label="E-mail"
            name={AUTH_FIELDS.registerEmail}
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
          />
          <PasswordField
            label="Password"
            name={AUTH_FIELDS.registerPassword}
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
          />
          {provider && <CaptchaField key={captchaKey} provider={provider} onSolved={handleSolved} />}
          <div className="auth-check">
            <input id={termsId} type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
            <label htmlFor={termsId}>
              I agree to the {/* A new tab keeps what was typed here (issue 15). */}
              <Link to="/profile/term-condition" className="auth-link" target="_blank" rel="noopener noreferrer">
                Terms &amp; Conditions
                <span className="visually-hidden"> (opens in a new tab)</span>
              </Link>
            </label>
          </div>
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          {redirecting && (
            <p className="auth-card__status" role="status">
              {nextParam ? WATCH_GATE_TEXTS.returningAfterRegistration : WATCH_GATE_TEXTS.returningHome}
            </p>
          )}
          <button type="submit" className="btn btn--primary auth-form__submit" disabled={!terms || busy}>
            {AUTH_LABELS.createAccount}
          </button>
        </form>
        <p className="auth-card__foot">
          Already have an account?{' '}
          <Link to={withNext('/signin', nextParam)} className="auth-link">
            {AUTH_LABELS.logIn}
          </Link>
        </p>
      </div>
      <VerificationStep
        verification={verification}
        onClose={closeVerification}
        intro={AUTH_MESSAGES.registrationSuccessfulVerify}
        justSent
        next={next}
      />
    </main>
  );
}
