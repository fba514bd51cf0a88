import type { BillingDemoRepository } from './billing-demo.repository.js';

// Where the provider stubs (stripe-stub.ts, paypal-stub.ts) keep their
// objects: in memory for a stub the tests run as its own server, in the
// database (demo_payment_objects) for the embedded demo, so a restart or a
// second instance keeps the demo portal and open checkouts working.

export interface StubObject {
  id: string;
}

export interface StubStore {
  get<T extends StubObject>(id: string): Promise<T | null>;
  insert(kind: string, object: StubObject): Promise<void>;
  /** Read-modify-write of one object, atomic per object; `change` returning null leaves it as it is. */
  update<T extends StubObject>(id: string, change: (current: T) => T | null): Promise<T | null>;
}

export function memoryStubStore(): StubStore {
  const objects = new Map<string, string>();
  return {
    async get<T extends StubObject>(id: string) {
      const json = objects.get(id);
      return json === undefined ? null : (JSON.parse(json) as T);
    },
    async insert(_kind, object) {
      if (objects.has(object.id)) throw new Error(`stub object ${object.id} exists`);
      objects.set(object.id, JSON.stringify(object));
    },
    async update<T extends StubObject>(id: string, change: (current: T) => T | null) {
      const json = objects.get(id);
      if (json === undefined) return null;
      const next = change(JSON.parse(json) as T);
      if (next === null) return null;
      objects.set(id, JSON.stringify(next));
      return next;
    },
  };
}

export function databaseStubStore(repository: BillingDemoRepository): StubStore {
  return {
    get: (id) => repository.demoObject(id),
    insert: (kind, object) => repository.insertDemoObject(object.id, kind, object),
    update: (id, change) => repository.updateDemoObject(id, change),
  };
}
