// A signed-in visitor as the app finds one on load: the stored user (and
// the access token) in localStorage, where lib/session.ts reads them.

/** Only the stored user: signed in as far as the screens can tell, no token. */
export function storeUser(user: object): void {
  localStorage.setItem('user', JSON.stringify(user));
}

/** The stored user and an access token. */
export function signIn(user: object, token = 'tok'): void {
  storeUser(user);
  localStorage.setItem('authToken', token);
}
