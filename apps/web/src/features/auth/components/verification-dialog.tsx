import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { AUTH_LABELS, AUTH_MESSAGES, RESEND_COOLDOWN_SECONDS, VERIFICATION_CODE_LENGTH } from '@bosphorus/contract';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { signIn } from '../../../lib/session';
import { setVerificationEmail } from '../../../lib/auth-store';
import { checkExistingCode, resendCode, verifyEmail } from '../api/verification';
import { postLogin } from '../api/login';
import type { PendingVerification } from '../hooks/use-sign-in';
import { signInErrorMessage } from '../utils/sign-in-errors';

// Spec §2 Email verification popup, §4 Verification popup, §5 Verification
// code: six one-digit boxes (paste fills them all), Verify Email disabled
// until six are in, Resend Code disabled while the 60-s cooldown runs; an
// existing code's remaining_time starts the countdown. Verified → sign in
// with the credentials the user just typed → onVerified.

export interface VerificationDialogProps {
  email: string;
  password: string;
  onClose: () => void;
  onVerified: () => void;
  /** A first line, e.g. 'Registration successful! Please verify your email.' */
  intro?: string;
  /**
   * A code was sent a moment ago (registration sends one): the code on the
   * server is that one, so it is announced as sent, not as an earlier one.
   */
  justSent?: boolean;
}

const emptyCode = () => Array.from({ length: VERIFICATION_CODE_LENGTH }, () => '');

function formatSeconds(total: number) {
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export function VerificationDialog({
  email,
  password,
  onClose,
  onVerified,
  intro,
  justSent = false,
}: VerificationDialogProps) {
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [countdown, setCountdown] = useState(0);
  const [info, setInfo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  // On open: an unexpired code already sent puts its remaining time on the countdown.
  useEffect(() => {
    let live = true;
    checkExistingCode(email)
      .then((answer) => {
        if (!live) return;
        if (answer.has_existing_code && answer.remaining_time > 0) {
          setCountdown(answer.remaining_time);
          setInfo(justSent ? AUTH_MESSAGES.codeSent : AUTH_MESSAGES.existingCode);
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [email, justSent]);

  const counting = countdown > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setCountdown((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  const code = digits.join('');
  const complete = code.length === VERIFICATION_CODE_LENGTH;

  const fillFrom = (start: number, text: string) => {
    const chars = text.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
    if (!chars) return;
    // Six digits pasted anywhere fill every box.
    const from = chars.length >= VERIFICATION_CODE_LENGTH ? 0 : start;
    const next = [...digits];
    for (let i = 0; i < chars.length && from + i < VERIFICATION_CODE_LENGTH; i++) next[from + i] = chars[i]!;
    setDigits(next);
    setError(null);
    const target = Math.min(from + chars.length, VERIFICATION_CODE_LENGTH - 1);
    boxes.current[target]?.focus();
  };

  const handleChange = (index: number, value: string) => {
    const chars = value.replace(/\D/g, '');
    if (chars.length > 1) {
      fillFrom(index, chars);
      return;
    }
    const next = [...digits];
    next[index] = chars;
    setDigits(next);
    setError(null);
    if (chars && index < VERIFICATION_CODE_LENGTH - 1) boxes.current[index + 1]?.focus();
  };

  const handleKeyDown = (index: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      // The submit button is disabled until six digits are in, which would
      // swallow Enter silently: say what is missing instead.
      e.preventDefault();
      void handleVerify();
    } else if (e.key === 'Backspace' && !digits[index] && index > 0) {
      e.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      setDigits(next);
      boxes.current[index - 1]?.focus();
    } else if (e.key === 'ArrowLeft' && index > 0) {
      e.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (e.key === 'ArrowRight' && index < VERIFICATION_CODE_LENGTH - 1) {
      e.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  };

  const handlePaste = (index: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fillFrom(index, e.clipboardData.getData('text'));
  };

  const handleResend = async () => {
    if (counting || busy) return;
    setBusy('resend');
    setError(null);
    try {
      const answer = await resendCode(email);
      if (!answer.success) throw new Error(answer.error ?? AUTH_MESSAGES.failedToSendCode);
      setInfo(null);
      setCountdown(RESEND_COOLDOWN_SECONDS);
      showToast(AUTH_MESSAGES.codeSent, { tone: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) setCountdown(RESEND_COOLDOWN_SECONDS);
      const message =
        err instanceof ApiError
          ? (err.serverMessage ?? AUTH_MESSAGES.failedToSendCode)
          : AUTH_MESSAGES.failedToSendCode;
      setError(message);
    } finally {
      setBusy(null);
    }
  };

  const handleVerify = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    if (!complete) {
      setError(AUTH_MESSAGES.completeCode);
      return;
    }
    setBusy('verify');
    setError(null);
    try {
      const answer = await verifyEmail(email, code);
      if (!answer.success) {
        setError(answer.error ?? AUTH_MESSAGES.verificationFailed);
        return;
      }
    } catch (err) {
      setError(
        err instanceof ApiError && err.status !== 0
          ? (err.serverMessage ?? AUTH_MESSAGES.invalidCode)
          : AUTH_MESSAGES.verificationFailed,
      );
      setBusy(null);
      return;
    }
    showToast(AUTH_MESSAGES.emailVerified, { tone: 'success' });
    setVerificationEmail(null);
    // Spec §4: signed in automatically with the credentials supplied, then /.
    try {
      const { token, user } = await postLogin(email, password);
      signIn(token, user);
      onVerified();
    } catch (err) {
      const message = signInErrorMessage(err);
      if (message) showToast(message, { tone: 'error' });
      onClose();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open title={AUTH_LABELS.verificationTitle} onClose={onClose} initialFocus={() => boxes.current[0]}>
      <form className="verify" onSubmit={(e) => void handleVerify(e)} noValidate>
        {intro && <p className="verify__intro">{intro}</p>}
        <p className="verify__lead">
          Enter the {VERIFICATION_CODE_LENGTH}-digit code we sent to <strong>{email}</strong>.
        </p>
        <fieldset className="verify__boxes">
          <legend className="visually-hidden">Verification code</legend>
          {digits.map((digit, i) => (
            <input
              key={i}
              ref={(el) => {
                boxes.current[i] = el;
              }}
              className="verify__box"
              value={digit}
              onChange={(e) => handleChange(i, e.target.value)}
              onKeyDown={(e) => handleKeyDown(i, e)}
              onPaste={(e) => handlePaste(i, e)}
              onFocus={(e) => e.target.select()}
              inputMode="numeric"
              autoComplete={i === 0 ? 'one-time-code' : 'off'}
              maxLength={VERIFICATION_CODE_LENGTH}
              aria-label={`Digit ${i + 1} of ${VERIFICATION_CODE_LENGTH}`}
              aria-invalid={error ? true : undefined}
            />
          ))}
        </fieldset>
        {info && (
          <p className="verify__info" role="status">
            {info}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <p className="verify__countdown" aria-live="polite">
          {counting ? `You can request a new code in ${formatSeconds(countdown)}` : ''}
        </p>
        <div className="verify__actions">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={counting || busy !== null}
            onClick={() => void handleResend()}
          >
            {AUTH_LABELS.resendCode}
          </button>
          <button type="submit" className="btn btn--primary" disabled={!complete || busy !== null}>
            {AUTH_LABELS.verifyEmail}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The popup for a sign-in that needs the e-mail confirmed (sign-in and
 * sign-up alike): once verified, the user is signed in and goes home (spec §4).
 */
export function VerificationStep({
  verification,
  onClose,
  intro,
  justSent,
  next = '/',
}: {
  verification: PendingVerification | null;
  onClose: () => void;
  intro?: string;
  justSent?: boolean;
  /** Where to go once verified and signed in (a same-site path, decision 0074). */
  next?: string;
}) {
  const navigate = useNavigate();
  if (!verification) return null;
  return (
    <VerificationDialog
      email={verification.email}
      password={verification.password}
      intro={intro}
      justSent={justSent}
      onClose={onClose}
      onVerified={() => {
        onClose();
        void navigate(next, { replace: true });
      }}
    />
  );
}
