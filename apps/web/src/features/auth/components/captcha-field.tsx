import { Suspense } from 'react';
import type { AuthOptionsBody } from '@bosphorus/contract';
import { useHydrated } from '../../../lib/hooks/use-hydrated';
import { lazyPart } from '../../../lib/lazy-part';

// Spec §5 Sign-up: the captcha must be completed. Which one comes from
// GET /auth/options: ALTCHA (self-hosted proof of work), off, or reCAPTCHA,
// whose Google script this build does not load (no third-party scripts
// under our Content-Security-Policy), so it says so instead of pretending.

const AltchaWidget = lazyPart(() => import('./altcha-widget'));

export function CaptchaField({
  provider,
  onSolved,
}: {
  provider: AuthOptionsBody['captcha']['provider'];
  onSolved: (payload: string) => void;
}) {
  // The widget's module defines a custom element: the browser's alone.
  const hydrated = useHydrated();
  if (provider === 'off') return null;
  if (provider === 'recaptcha') {
    return (
      <p className="captcha-notice" role="note">
        This site is set up for Google reCAPTCHA, which needs Google&apos;s script. That script is not loaded here, so
        the check cannot be completed on this page. Please try again later or contact support.
      </p>
    );
  }
  return (
    <div className="captcha">
      {hydrated ? (
        <Suspense fallback={<CaptchaLoading />}>
          <AltchaWidget onSolved={onSolved} />
        </Suspense>
      ) : (
        <CaptchaLoading />
      )}
    </div>
  );
}

function CaptchaLoading() {
  return <p className="captcha__loading">Loading the verification check…</p>;
}
