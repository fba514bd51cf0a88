import { AUTH_ERRORS } from '@bosphorus/contract';
import { useAuthOptions } from '../api/get-auth-options';
import { GOOGLE_SIGN_IN_URL } from '../api/google-profile';
import { GoogleIcon } from './auth-icons';

/**
 * Spec §2 social sign-in: the browser goes to GET /auth/google. When the
 * server has no Google client (options.google false) the button says so and
 * stays disabled. `beforeStart` may veto (false) or add query parameters:
 * sign-up sends its solved captcha along (`from=register&captcha=…`), which
 * the server checks before leaving for Google.
 */
export function GoogleButton({
  label,
  beforeStart,
}: {
  label: string;
  beforeStart?: () => Record<string, string> | false;
}) {
  const options = useAuthOptions();
  const unavailable = options.isError || options.data?.google === false;
  const disabled = options.isPending || unavailable;
  return (
    <div className="google-signin">
      <button
        type="button"
        className="btn btn--ghost auth__google"
        disabled={disabled}
        aria-describedby={unavailable ? 'google-unavailable' : undefined}
        onClick={() => {
          const params = beforeStart ? beforeStart() : {};
          if (params === false) return;
          const query = new URLSearchParams(params).toString();
          window.location.assign(query ? `${GOOGLE_SIGN_IN_URL}?${query}` : GOOGLE_SIGN_IN_URL);
        }}
      >
        <GoogleIcon />
        {label}
      </button>
      {unavailable && (
        <p id="google-unavailable" className="auth__hint">
          {AUTH_ERRORS.googleUnavailable}
        </p>
      )}
    </div>
  );
}
