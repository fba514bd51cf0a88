import { z } from 'zod';

// Spec §7 `GET /faq`, `POST /mail`; §3 FAQ; §9 policy facts; decision 0025.
// The policy pages (privacy, terms, copyright) are ours: `GET /pages/{slug}`
// serves an operator-edited page as structured blocks, never as HTML.

/** Spec §3 FAQ: header, id, text. */
export const faqItem = z.object({
  id: z.number().int(),
  header: z.string(),
  text: z.string(),
});
export type FaqItem = z.infer<typeof faqItem>;

/** `GET /faq` → status 'success' and data, both top level (DESIGN §3). */
export const faqAnswer = z.object({
  status: z.literal('success'),
  data: z.array(faqItem),
});
export type FaqAnswer = z.infer<typeof faqAnswer>;

/** Spec §7 `POST /mail` form fields (plus the captcha answer the sign-up form also sends). */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
} as const satisfies Record<ContactField, number>;

/** The policy pages of spec §2 (route `/profile/{slug}`), in the footer's order. */
export const POLICY_SLUGS = ['privacy-policy', 'term-condition', 'copyright-policy'] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];
/** What a page slug may look like (anything else is a 400 before any look-up). */
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PAGE_SLUG_MAX_LENGTH = 64;

/** A run of text, optionally a link (an address of this site, mailto: or https: only). */
export const pageInline = z.object({
  text: z.string(),
  href: z.string().optional(),
});
export type PageInline = z.infer<typeof pageInline>;

export const pageBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), level: z.union([z.literal(2), z.literal(3)]), text: z.string() }),
  z.object({ type: z.literal('paragraph'), content: z.array(pageInline) }),
  z.object({ type: z.literal('list'), ordered: z.boolean(), items: z.array(z.array(pageInline)) }),
]);
export type PageBlock = z.infer<typeof pageBlock>;

export const page = z.object({
  slug: z.string(),
  title: z.string(),
  /** When the operator last changed the text (ISO 8601). */
  updated_at: z.string(),
  blocks: z.array(pageBlock),
});
export type Page = z.infer<typeof page>;
/** `GET /pages/{slug}` → body.page */
export const pageBody = z.object({ page });
export type PageBody = z.infer<typeof pageBody>;

/** True for the link targets a page may carry: a path of this site, mailto: or https:. */
export function isSafePageHref(href: string): boolean {
  if (href.startsWith('/')) return !href.startsWith('//') && !href.includes('\\');
  if (/^mailto:[^\s@/]+@[^\s@/]+$/i.test(href)) return true;
  if (/^https:\/\/[^\s/]+/i.test(href)) return true;
  return false;
}

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** Inline text with `[label](href)` links; a link to anything unsafe stays as its label only. */
export function parsePageInline(source: string): PageInline[] {
  const out: PageInline[] = [];
  let last = 0;
  const push = (piece: PageInline) => {
    const prev = out[out.length - 1];
    if (!piece.href && prev && !prev.href) prev.text += piece.text;
    else if (piece.text !== '') out.push(piece);
  };
  for (const match of source.matchAll(LINK)) {
    push({ text: source.slice(last, match.index) });
    const [, label, href] = match as unknown as [string, string, string];
    push(isSafePageHref(href) ? { text: label, href } : { text: label });
    last = match.index + match[0].length;
  }
  push({ text: source.slice(last) });
  return out;
}

/**
 * The page source format (decision 0025): a small Markdown subset an
 * operator can write in any editor. `## ` and `### ` headings, `- ` (or `* `)
 * and `1. ` list items, paragraphs separated by blank lines (lines of one
 * paragraph are joined), `[label](href)` links. Nothing else is markup: a
 * `<b>` stays the four characters it is, and the web renders every block as
 * text, so no source can inject HTML.
 */
export function parsePageSource(source: string): PageBlock[] {
  const blocks: PageBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', content: parsePageInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const flushList = () => {
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parsePageInline) });
    list = null;
  };

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flushParagraph();
      flushList();
      continue;
    }
    const heading = /^(#{2,3})\s+(.+)$/.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      blocks.push({ type: 'heading', level: heading[1]!.length as 2 | 3, text: heading[2]!.trim() });
      continue;
    }
    const bullet = /^[-*]\s+(.+)$/.exec(line);
    const numbered = /^\d{1,3}[.)]\s+(.+)$/.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      flushParagraph();
      const ordered = numbered !== null && bullet === null;
      if (list && list.ordered !== ordered) flushList();
      list ??= { ordered, items: [] };
      list.items.push(item[1]!.trim());
      continue;
    }
    if (list && /^\s/.test(raw)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line}`;
      continue;
    }
    flushList();
    paragraph.push(line);
  }
  flushParagraph();
  flushList();
  return blocks;
}
