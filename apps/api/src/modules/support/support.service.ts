import type { FastifyBaseLogger } from 'fastify';
import {
  API_ERRORS,
  PAGE_SLUG_MAX_LENGTH,
  PAGE_SLUG_PATTERN,
  parsePageSource,
  SUPPORT_TEXTS,
  type FaqItem,
  type Page,
} from '@bosphorus/contract';
import type { Mailer } from '../../lib/mailer.js';
import { HttpFailure } from '../../plugins/errors.js';
import type { SupportRepository } from './support.repository.js';

// Spec §7 `GET /faq`, `POST /mail`; the policy pages (decision 0025).

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: number | null;
  /** The client address, for the operator's mail (never stored). */
  ip: string;
}

export interface SupportServiceDeps {
  repo: SupportRepository;
  mailer: Mailer;
  /** The operator address (CONTACT_TO). */
  contactTo: string;
  log: FastifyBaseLogger;
}

/** A subject line for a mail header: no line breaks or other control characters, at most 200 characters. */
export function headerSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

export function createSupportService({ repo, mailer, contactTo, log }: SupportServiceDeps) {
  return {
    async listFaqs(): Promise<FaqItem[]> {
      return repo.listFaqs();
    },

    /** A policy page as blocks; 404 when there is no page of that name. */
    async requirePage(slug: string): Promise<Page> {
      const row = await repo.pageBySlug(slug);
      if (!row) throw new HttpFailure(404, { error: API_ERRORS.notFound });
      return {
        slug: row.slug,
        title: row.title,
        updated_at: row.updatedAt.toISOString(),
        blocks: parsePageSource(row.body),
      };
    },

    /**
     * Stores the message, then mails it to the operator with Reply-To the
     * sender, so "Reply" in the operator's mail program answers the person.
     * A mail failure is logged, not reported to the sender: the message is
     * kept (sent_at stays null) and nothing they wrote is lost.
     */
    async sendContactMessage(input: ContactMessage): Promise<void> {
      const id = await repo.insertContactMessage(input);
      const lines = [
        `From: ${input.name} <${input.email}>`,
        `Account: ${input.userId === null ? 'not signed in' : `user ${input.userId}`}`,
        `Address: ${input.ip}`,
        `Message id: ${id}`,
        `Subject: ${input.subject}`,
        '',
        input.message,
      ];
      try {
        await mailer.send({
          to: contactTo,
          subject: headerSafe(`${SUPPORT_TEXTS.mailSubjectPrefix}: ${input.subject}`).slice(0, 250),
          text: lines.join('\n'),
          replyTo: { name: headerSafe(input.name), address: input.email },
        });
        await repo.markContactMessageSent(id);
      } catch (error) {
        log.error({ err: error, contactMessageId: id }, 'contact message stored but not mailed');
      }
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;

export type SavePageResult = { ok: true; title: string; blocks: number } | { ok: false; problem: string };

/**
 * The operators' `set-page SLUG FILE` (decision 0025): the file is the page
 * source; a first line `# Title` sets the title, otherwise the page keeps
 * its title (a new page needs one). An empty page is refused.
 */
export async function savePageFromSource(
  repo: SupportRepository,
  slug: string,
  source: string,
): Promise<SavePageResult> {
  if (slug.length > PAGE_SLUG_MAX_LENGTH || !PAGE_SLUG_PATTERN.test(slug)) {
    return { ok: false, problem: `SLUG ${SUPPORT_TEXTS.badSlug}.` };
  }
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const heading = /^\s*#\s+(.+)\n?/.exec(text);
  const body = heading ? text.slice(heading[0].length) : text;
  const title = heading?.[1]!.trim() ?? (await repo.pageBySlug(slug))?.title ?? null;
  if (!title) return { ok: false, problem: `A new page needs a title: start the file with a line '# Title'.` };
  const blocks = parsePageSource(body).length;
  if (blocks === 0) return { ok: false, problem: 'The file holds no text.' };
  await repo.savePage(slug, title, body.trim() + '\n');
  return { ok: true, title, blocks };
}
