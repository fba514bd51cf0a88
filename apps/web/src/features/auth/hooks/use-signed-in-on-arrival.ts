import { useState } from 'react';
import { getStoredUser } from '../../../lib/auth-store';
import { useHydrated } from '../../../lib/hooks/use-hydrated';

/**
 * Whether someone was already signed in when the page opened (issue 10:
 * /register, /signin and /forgotpassword then go home). Read once: a user
 * who signs in or registers on the page stays for what the page does next
 * (the 5 s notice after registering, spec §4). The server renders these
 * pages for a visitor (decision 0107): in its render and in the hydration of
 * its page nobody is signed in yet, and the browser's storage is read in the
 * render right after.
 */
export function useSignedInOnArrival(): boolean {
  const hydrated = useHydrated();
  const [arrival] = useState<{ signedIn: boolean | null }>(() => ({ signedIn: null }));
  if (!hydrated) return false;
  arrival.signedIn ??= getStoredUser() !== null;
  return arrival.signedIn;
}
