import { safeNextPath } from '@bosphorus/contract';

// Where "Start watching" leads after a payment: the page the person was on
// when the plan screen opened (the player they pressed Watch Now for, handed
// over as `?next=` or as router state `from`). The trip through the
// provider's checkout is a full page load, so the path waits in
// sessionStorage (this tab only).

export const CHECKOUT_RETURN_STORAGE_KEY = 'checkout_return_to';

/** Only a path of this site: '/moviedetail/3' yes; '//evil.example', 'https://…' or '/choosepayment' no. */
export function safeReturnPath(value: unknown): string | null {
  const path = safeNextPath(value);
  if (path === null) return null;
  if (path === '/choosepayment' || path.startsWith('/choosepayment/') || path.startsWith('/choosepayment?')) {
    return null;
  }
  return path;
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function rememberCheckoutReturn(path: string | null) {
  try {
    if (path) session()?.setItem(CHECKOUT_RETURN_STORAGE_KEY, path);
  } catch {
    // Private mode: "Start watching" then goes home.
  }
}

export function readCheckoutReturn(): string | null {
  try {
    return safeReturnPath(session()?.getItem(CHECKOUT_RETURN_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function forgetCheckoutReturn() {
  try {
    session()?.removeItem(CHECKOUT_RETURN_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
