/**
 * Smart TV detection by user-agent patterns (spec §9), in one place. TV
 * mode means the ten-foot layout, the remote's keys, analytics as a no-op
 * (§7) and the System Error screen on global errors (§4).
 *
 * The patterns name the TV platforms and their browsers, never a generic
 * "Linux" or "Android": an Android phone or tablet is not a TV, an Android
 * TV or Fire TV stick is.
 */
const TV_PATTERNS: readonly RegExp[] = [
  /\bTizen\b/i, // Samsung (Tizen 2.3 to 8)
  /\bWeb0S\b|\bwebOS\b/i, // LG webOS ("Web0S" in most TV builds)
  /\bNetCast\b/i, // LG before webOS
  /\bSMART-?TV\b/i, // Samsung Orsay and many makers' builds
  /\bSmartTV\b/i,
  /\bHbbTV\b/i, // European hybrid broadcast TVs (Philips, Panasonic, Grundig…)
  /\bBRAVIA\b/i, // Sony
  /\bAndroid TV\b|\bAndroidTV\b|; ?TV Build\//i, // Android TV, Google TV
  /\bAFT[A-Z0-9]{1,10}\b/, // Fire TV devices (AFTS, AFTMM, AFTKA…)
  /\bVIDAA\b|\bHisense\b/i, // Hisense
  /\bVidaa\b/,
  /\bXbox\b/i, // Xbox One / Series browsers on a television
  /\bPlayStation\b/i,
  /\bRoku\b/i,
  /\bCrKey\b/i, // Chromecast
  /\bViera\b/i, // Panasonic
  /\bPhilipsTV\b|\bNETTV\b/i, // Philips
  /\bAppleTV\b|\btvOS\b/i,
  /\bTitanOS\b|\bZeasn\b|\bWhale\b/i, // Philips/Sharp/Grundig TV platforms
  /\bTV Safari\b/i,
  /\bLarge Screen\b/i,
  /\bGoogleTV\b/i,
  /\bKAIOS\b.*\bTV\b/i,
];

/** True when the user agent is a smart TV, streaming stick or console browser. */
export function isSmartTvUserAgent(userAgent: string | undefined | null): boolean {
  if (!userAgent) return false;
  return TV_PATTERNS.some((pattern) => pattern.test(userAgent));
}

let cached: boolean | undefined;

/**
 * This browser is a smart TV. `?tv=1` / `?tv=0` on any address forces the
 * mode for the session (a developer's desk, or a TV whose user agent we do
 * not know yet).
 */
export function isSmartTv(): boolean {
  if (cached !== undefined) return cached;
  if (typeof window === 'undefined') return (cached = false);
  let forced: string | null = null;
  try {
    forced = new URLSearchParams(window.location.search).get('tv');
    if (forced === '1' || forced === '0') window.sessionStorage.setItem('bosphorus.tv', forced);
    else forced = window.sessionStorage.getItem('bosphorus.tv');
  } catch {
    // Storage refused (private mode, a TV with storage off): the user agent decides.
  }
  cached = forced === '1' ? true : forced === '0' ? false : isSmartTvUserAgent(window.navigator.userAgent);
  return cached;
}

/** Tests only: forget the answer. */
export function resetSmartTvForTests(): void {
  cached = undefined;
}
