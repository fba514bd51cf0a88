import { useCallback, useState } from 'react';
import { TOAST_DEFAULT_MS } from '@bosphorus/contract';
import { signIn } from '../../../lib/session';
import { setVerificationEmail } from '../../../lib/auth-store';
import { showToast } from '../../../components/ui/toast';
import { postLogin } from '../api/login';
import { needsChallenge, needsVerification, signInErrorMessage } from '../utils/sign-in-errors';

/** `challenge`: the server asks for a solved verification first (decision 0111); no toast, the page shows it. */
export type SignInResult = 'ok' | 'verify' | 'challenge' | 'failed';

/** Credentials the verification popup signs in with once the e-mail is verified. */
export interface PendingVerification {
  email: string;
  password: string;
}

/**
 * Spec §4 Login: store the user and token on success; an unverified e-mail
 * opens the verification popup (no toast); anything else is a §8 sign-in
 * toast (bottom-left, 5 s).
 */
export function useSignIn({ failureMessage }: { failureMessage?: (err: unknown) => string | null } = {}) {
  const [pending, setPending] = useState(false);
  const [verification, setVerification] = useState<PendingVerification | null>(null);

  const submit = useCallback(
    async (email: string, password: string, captcha?: string): Promise<SignInResult> => {
      setPending(true);
      try {
        const { token, user } = await postLogin(email, password, captcha);
        signIn(token, user);
        return 'ok';
      } catch (err) {
        if (needsVerification(err)) {
          setVerificationEmail(email);
          setVerification({ email, password });
          return 'verify';
        }
        if (needsChallenge(err)) return 'challenge';
        const message = failureMessage ? failureMessage(err) : signInErrorMessage(err);
        if (message) showToast(message, { tone: 'error', durationMs: TOAST_DEFAULT_MS });
        return 'failed';
      } finally {
        setPending(false);
      }
    },
    [failureMessage],
  );

  /** Opens the verification popup without trying to sign in first (an answer already said the e-mail is unverified). */
  const askVerification = useCallback((email: string, password: string) => {
    setVerificationEmail(email);
    setVerification({ email, password });
  }, []);

  const closeVerification = useCallback(() => {
    setVerificationEmail(null);
    setVerification(null);
  }, []);

  return { submit, pending, verification, askVerification, closeVerification };
}
