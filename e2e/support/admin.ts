// The operators' admin commands (npm run admin) against the suite's running
// server, through its loopback control port (support/serve.ts).

export async function control(path: string, body: unknown): Promise<{ code: number; out: string[] }> {
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_CONTROL_PORT}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} ${JSON.stringify(body)}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { code: number; out: string[] };
}

export async function admin(...args: string[]): Promise<{ code: number; out: string[] }> {
  return control('/admin', args);
}

/**
 * Test support, not an operators' command: the account's plan ends now (its
 * period end moves a minute into the past), as when a plan runs out.
 */
export async function expirePlan(email: string): Promise<void> {
  const result = await control('/expire-plan', { email });
  if (result.code !== 0) throw new Error(`expire-plan ${email}: ${result.out.join(' ')}`);
}
