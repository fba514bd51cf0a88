// The operators' admin commands (npm run admin) against the suite's running
// server, through its loopback control port (support/serve.ts).

export async function admin(...args: string[]): Promise<{ code: number; out: string[] }> {
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_CONTROL_PORT}/admin`, {
    method: 'POST',
    body: JSON.stringify(args),
  });
  if (!res.ok) throw new Error(`admin ${args.join(' ')}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { code: number; out: string[] };
}
