/**
 * JSON with object keys sorted, so the same value built in another key order serialises the same:
 * what an Idempotency-Key's request is compared by (the server's fingerprint, the CLI's import key).
 */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  ) ?? 'null';
