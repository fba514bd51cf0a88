/** Postgres' unique_violation (a row a UNIQUE constraint already holds). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
