import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// Mails the site sent during the run, as the suite's SMTP server received
// them (support/serve.ts writes each one to the run's folder).

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

function mailDir() {
  const runDir = process.env.BOSPHORUS_E2E_RUN_DIR;
  if (!runDir) throw new Error('BOSPHORUS_E2E_RUN_DIR is not set');
  return path.join(runDir, 'mail');
}

/** Waits for the newest mail to `to` whose text matches, sent after `since` (ms). */
export async function waitForMail(to: string, match: RegExp, since = 0, timeoutMs = 15_000): Promise<Mail> {
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir())
      ? fs
          .readdirSync(mailDir())
          .filter((f) => f.endsWith('.json') && Number(f.split('-')[0]) >= since)
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(mailDir(), file), 'utf8')) as Mail;
      if (mail.to.includes(address) && match.test(mail.text)) return mail;
    }
    await sleep(200);
  }
  throw new Error(`no mail to ${to} matching ${match} within ${timeoutMs} ms`);
}

/** The 6-digit verification code of a mail. */
export function codeOf(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${mail.text}`);
  return code;
}

/** The reset link of a mail. */
export function resetLinkOf(mail: Mail): string {
  const link = /(https?:\/\/\S+\/newpassword\?token=[\w-]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link;
}
