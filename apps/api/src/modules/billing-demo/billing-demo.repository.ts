import type { Db } from '../../db/client.js';

// Only this file holds the SQL of the embedded demo provider's objects
// (demo_payment_objects): the checkouts, subscriptions, orders and portal
// sessions its Stripe and PayPal stubs keep, so a restart or a second
// instance keeps open checkouts and the portal working (stub-store.ts).

export function createBillingDemoRepository(db: Db) {
  return {
    async demoObject<T>(id: string): Promise<T | null> {
      const [row] = await db.query<{ data: T }>('SELECT data FROM demo_payment_objects WHERE id = $1', [id]);
      return row ? row.data : null;
    },

    async insertDemoObject(id: string, kind: string, data: object): Promise<void> {
      await db.query('INSERT INTO demo_payment_objects (id, kind, data) VALUES ($1, $2, $3::jsonb)', [
        id,
        kind,
        JSON.stringify(data),
      ]);
    },

    /** Read-modify-write of one object under a row lock (two clicks on Pay change it once). */
    async updateDemoObject<T>(id: string, change: (current: T) => T | null): Promise<T | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<{ data: T }>('SELECT data FROM demo_payment_objects WHERE id = $1 FOR UPDATE', [
          id,
        ]);
        if (!row) return null;
        const next = change(row.data);
        if (next === null) return null;
        await tx.query('UPDATE demo_payment_objects SET data = $2::jsonb, updated_at = now() WHERE id = $1', [
          id,
          JSON.stringify(next),
        ]);
        return next;
      });
    },
  };
}
export type BillingDemoRepository = ReturnType<typeof createBillingDemoRepository>;
