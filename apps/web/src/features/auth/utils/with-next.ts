// The way back (`next`, contract next-path.ts) handed on from one sign-in
// screen to the next: the register link, the sign-in link, Google's start.

export function withNext(target: string, next: string | null): string;
export function withNext(target: Record<string, string>, next: string | null): Record<string, string>;
export function withNext(target: string | Record<string, string>, next: string | null) {
  if (typeof target !== 'string') return next ? { ...target, next } : target;
  return next ? `${target}?${new URLSearchParams({ next }).toString()}` : target;
}
