// Where to go after signing in: `?next=` when it names a path of this site
// (the reviews section's "Sign in to write a review" brings the reader back
// to the title). Anything else — another origin, '//evil.example',
// '/\evil.example', 'javascript:' — is ignored, so the sign-in page can never
// be used to send someone elsewhere (an open redirect).

export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  try {
    const url = new URL(raw, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid' || url.pathname.startsWith('/signin')) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
