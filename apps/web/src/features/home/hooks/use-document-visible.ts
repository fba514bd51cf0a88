import { useSyncExternalStore } from 'react';

/** False while the tab is in the background: no point advancing unseen slides. */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    (cb) => {
      document.addEventListener('visibilitychange', cb);
      return () => document.removeEventListener('visibilitychange', cb);
    },
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}
