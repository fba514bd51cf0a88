import { useSyncExternalStore } from 'react';

// The signed-in user as stored by the accounts flow (spec §3 storage key
// 'user'). Corrupt stored data is cleared (spec §3). Accounts arrive with the
// next roadmap step; until a user signs in this is null and the app shows the
// visitor's view.

export interface StoredUser {
  user_id: number | string;
  user_name: string;
  user_email: string;
  user_status: string | number | boolean;
  image_url?: string | null;
  plan_id?: number | string | null;
  expired_at?: string | null;
}

export const USER_STORAGE_KEY = 'user';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(USER_STORAGE_KEY);
  } catch {
    return null;
  }
}

let cachedRaw: string | null = null;
let cachedUser: StoredUser | null = null;

export function getStoredUser(): StoredUser | null {
  const raw = read();
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as StoredUser;
      if (parsed && typeof parsed === 'object' && parsed.user_id !== undefined) cachedUser = parsed;
      else throw new Error('bad user');
    } catch {
      localStorage.removeItem(USER_STORAGE_KEY);
      cachedRaw = null;
    }
  }
  return cachedUser;
}

export function useCurrentUser(): StoredUser | null {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      window.addEventListener('storage', cb);
      return () => {
        listeners.delete(cb);
        window.removeEventListener('storage', cb);
      };
    },
    getStoredUser,
    () => null,
  );
}
