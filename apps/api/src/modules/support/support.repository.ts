import type { Queryable } from '../../db/client.js';

// Only this file holds the SQL of support: the FAQ (faqs), the policy pages
// (pages) and the contact form's messages (contact_messages).

export interface FaqRow {
  id: number;
  header: string;
  text: string;
}

export interface PageRow {
  slug: string;
  title: string;
  /** The Markdown-subset source (decision 0025). */
  body: string;
  updatedAt: Date;
}

export interface ContactMessageInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The signed-in sender, when a verified token came with the form. */
  userId: number | null;
}

export function createSupportRepository(db: Queryable) {
  return {
    /** Spec §3 FAQ rows in the operator's order (position, then the order they were added). */
    async listFaqs(): Promise<FaqRow[]> {
      return db.query<FaqRow>('SELECT id, header, text FROM faqs ORDER BY position, id');
    },

    async pageBySlug(slug: string): Promise<PageRow | null> {
      const [row] = await db.query<{ slug: string; title: string; body: string; updated_at: Date | string }>(
        'SELECT slug, title, body, updated_at FROM pages WHERE slug = $1',
        [slug],
      );
      return row ? { slug: row.slug, title: row.title, body: row.body, updatedAt: new Date(row.updated_at) } : null;
    },

    /** Creates or replaces a page (the operators' set-page command). */
    async savePage(slug: string, title: string, body: string): Promise<void> {
      await db.query(
        `INSERT INTO pages (slug, title, body, updated_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, updated_at = now()`,
        [slug, title, body],
      );
    },

    // ───────────── the operator console (modules/admin) ─────────────
    /** Every page, by slug. */
    async listPages(): Promise<Array<{ slug: string; title: string; updatedAt: Date }>> {
      const rows = await db.query<{ slug: string; title: string; updated_at: Date | string }>(
        'SELECT slug, title, updated_at FROM pages ORDER BY slug',
      );
      return rows.map((r) => ({ slug: r.slug, title: r.title, updatedAt: new Date(r.updated_at) }));
    },

    /** The FAQ with positions, in the operator's order. */
    async listFaqsWithPosition(): Promise<Array<FaqRow & { position: number }>> {
      const rows = await db.query<FaqRow & { position: number }>(
        'SELECT id, header, text, position FROM faqs ORDER BY position, id',
      );
      return rows.map((r) => ({ ...r, id: Number(r.id), position: Number(r.position) }));
    },

    async faqById(id: number): Promise<(FaqRow & { position: number }) | null> {
      const [row] = await db.query<FaqRow & { position: number }>(
        'SELECT id, header, text, position FROM faqs WHERE id = $1 FOR UPDATE',
        [id],
      );
      return row ? { ...row, id: Number(row.id), position: Number(row.position) } : null;
    },

    async insertFaq(faq: { header: string; text: string; position: number }): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        'INSERT INTO faqs (header, text, position) VALUES ($1, $2, $3) RETURNING id',
        [faq.header, faq.text, faq.position],
      );
      return Number(row!.id);
    },

    async updateFaq(id: number, faq: { header: string; text: string; position: number }): Promise<void> {
      await db.query('UPDATE faqs SET header = $2, text = $3, position = $4 WHERE id = $1', [
        id,
        faq.header,
        faq.text,
        faq.position,
      ]);
    },

    async deleteFaq(id: number): Promise<void> {
      await db.query('DELETE FROM faqs WHERE id = $1', [id]);
    },

    /** Stores a contact message before any mail is attempted; returns its id. */
    async insertContactMessage(input: ContactMessageInput): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO contact_messages (name, email, subject, message, user_id)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [input.name, input.email, input.subject, input.message, input.userId],
      );
      return row!.id;
    },

    async markContactMessageSent(id: number): Promise<void> {
      await db.query('UPDATE contact_messages SET sent_at = now() WHERE id = $1', [id]);
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
