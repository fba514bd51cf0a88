import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  AUTH_FIELDS,
  AUTH_LABELS,
  AUTH_MESSAGES,
  MESSAGES,
  WATCH_GATE_TEXTS,
  isWatchPath,
  safeNextPath,
} from '@bosphorus/contract';
import { showToast } from '../../../components/ui/toast';
import { signIn, useCurrentUser } from '../../../lib/session';
import { postGoogleProfile } from '../api/google-profile';
import { useSignIn } from '../hooks/use-sign-in';
import { withNext } from '../utils/with-next';
import { signInErrorMessage } from '../utils/sign-in-errors';
import { useAuthOptions } from '../api/get-auth-options';
import { CaptchaField } from './captcha-field';
import { GoogleButton } from './google-button';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { VerificationStep } from './verification-dialog';
import './auth.css';

// Spec §2 Sign-in. Query parameters: banned=true (the unavailable-system
// message), token (Google's one-time code, exchanged once), error (Google's
// failure, shown as is), next (a same-site path to return to afterwards).

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const { submit, pending, verification, closeVerification } = useSignIn();
  // An account being guessed at asks a guessing address for a solved
  // verification (decision 0111): shown when the server asks, sent with the
  // next try, good for one try.
  const options = useAuthOptions();
  const [challenged, setChallenged] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaKey, setCaptchaKey] = useState(0);
  const handleSolved = useCallback((payload: string) => setCaptcha(payload), []);

  const googleToken = params.get('token');
  const googleError = params.get('error');
  const banned = params.get('banned') === 'true';
  // next: a path of this site to come back to (contract next-path.ts), e.g.
  // the player Watch Now was pressed for, or a title's reviews.
  const nextParam = safeNextPath(params.get('next'));
  const next = nextParam ?? '/';

  // The code is single use: exchange it once even if the effect runs twice.
  const exchanged = useRef<string | null>(null);
  const [exchanging, setExchanging] = useState(false);
  useEffect(() => {
    if (!googleToken || exchanged.current === googleToken) return;
    exchanged.current = googleToken;
    setExchanging(true);
    postGoogleProfile(googleToken)
      .then(({ token, user: signedIn }) => {
        signIn(token, signedIn, { social: true });
        void navigate(next, { replace: true });
      })
      .catch((err: unknown) => {
        showToast(signInErrorMessage(err) ?? AUTH_MESSAGES.unexpectedError, { tone: 'error' });
        setExchanging(false);
        void navigate('/signin', { replace: true });
      });
  }, [googleToken, navigate, next]);

  if (user && !googleToken && !verification) return <Navigate to={next} replace />;

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) {
      setFormError(AUTH_MESSAGES.fillAllFields);
      return;
    }
    if (challenged && !captcha) {
      setFormError(AUTH_MESSAGES.signInChallenge);
      return;
    }
    setFormError(null);
    const result = await submit(email.trim(), password, captcha || undefined);
    if (result === 'ok') {
      void navigate(next, { replace: true });
      return;
    }
    if (captcha) {
      setCaptcha('');
      setCaptchaKey((k) => k + 1);
    }
    if (result === 'challenge') {
      setChallenged(true);
      setFormError(AUTH_MESSAGES.signInChallenge);
    }
  };

  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">{AUTH_LABELS.welcomeBack}</h1>
        <p className="auth-card__lead">{AUTH_LABELS.enterDetails}</p>

        {isWatchPath(nextParam) && !googleToken && (
          <p className="auth-reason" role="status">
            {WATCH_GATE_TEXTS.signInToWatch}
          </p>
        )}
        {banned && (
          <p className="auth-alert" role="alert">
            {AUTH_MESSAGES.systemUnavailable}
          </p>
        )}
        {googleError && (
          <p className="auth-alert" role="alert">
            {googleError}
          </p>
        )}
        {exchanging && (
          <p className="auth-card__status" role="status">
            Signing you in…
          </p>
        )}

        <GoogleButton label="Sign in with Google" beforeStart={() => withNext({}, nextParam)} />
        <p className="auth-divider">
          <span>{AUTH_LABELS.or}</span>
        </p>

        <form className="auth-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
          <TextField
            label="E-mail"
            name={AUTH_FIELDS.loginEmail}
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
            // The remote starts on the form, not on Google above it (which
            // only became the first control once the server drew the page
            // with its sign-in options, decision 0107).
            navEntry
          />
          <PasswordField
            label="Password"
            name={AUTH_FIELDS.loginPassword}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
          />
          <p className="auth-form__aside">
            <Link to="/forgotpassword" className="auth-link">
              {AUTH_LABELS.forgotPassword}
            </Link>
          </p>
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          {challenged && (
            <CaptchaField
              key={captchaKey}
              provider={options.data?.captcha.provider ?? 'altcha'}
              onSolved={handleSolved}
            />
          )}
          <button type="submit" className="btn btn--primary auth-form__submit" disabled={pending || exchanging}>
            {AUTH_LABELS.logIn}
          </button>
        </form>
        <p className="auth-card__foot">
          {AUTH_LABELS.noAccount}{' '}
          <Link to={withNext('/register', nextParam)} className="auth-link">
            {MESSAGES.register}
          </Link>
        </p>
      </div>
      <VerificationStep verification={verification} onClose={closeVerification} next={next} />
    </main>
  );
}
