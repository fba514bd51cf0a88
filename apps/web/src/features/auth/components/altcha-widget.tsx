import { useEffect, useRef } from 'react';
import { useLatest } from '../../../lib/hooks/use-latest';
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import ShaWorker from 'altcha/workers/sha?worker';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ScryptWorker from 'altcha/workers/scrypt?worker';
import Argon2idWorker from 'altcha/workers/argon2id?worker';

// The ALTCHA proof-of-work widget, loaded only by the sign-up page (this
// module is imported lazily). The 'external' build keeps its CSS and workers
// in files of our own origin, as the strict Content-Security-Policy wants
// (no inline styles, no blob: workers).

for (const name of ['SHA-256', 'SHA-384', 'SHA-512']) $altcha.algorithms.set(name, () => new ShaWorker());
for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  $altcha.algorithms.set(name, () => new Pbkdf2Worker());
}
$altcha.algorithms.set('SCRYPT', () => new ScryptWorker());
$altcha.algorithms.set('ARGON2ID', () => new Argon2idWorker());

export const ALTCHA_CHALLENGE_URL = '/api/auth/captcha-challenge';

export default function AltchaWidget({ onSolved }: { onSolved: (payload: string) => void }) {
  const ref = useRef<HTMLElement>(null);
  const onSolvedRef = useLatest(onSolved);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const handle = (e: Event) => {
      const detail = (e as CustomEvent<{ state?: string; payload?: string | null }>).detail;
      // Only a verified state carries a usable solution; anything else
      // (expired, error, verifying again) clears it.
      onSolvedRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : '');
    };
    el.addEventListener('statechange', handle);
    return () => el.removeEventListener('statechange', handle);
  }, [onSolvedRef]);

  return <altcha-widget ref={ref} challenge={ALTCHA_CHALLENGE_URL} name="altcha" />;
}
