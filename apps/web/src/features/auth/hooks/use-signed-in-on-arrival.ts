import { useState } from 'react';
import { getStoredUser } from '../../../lib/auth-store';

/**
 * Whether someone was already signed in when the page opened (issue 10:
 * /register, /signin and /forgotpassword then go home). Read once: a user
 * who signs in or registers on the page stays for what the page does next
 * (the 5 s notice after registering, spec §4).
 */
export function useSignedInOnArrival(): boolean {
  const [signedIn] = useState(() => getStoredUser() !== null);
  return signedIn;
}
