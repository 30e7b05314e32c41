/**
 * X ids are snowflakes: milliseconds since X's epoch, a worker number and a sequence, so ordering
 * ids orders posts by time and `since_id` means "newer than". The emulator makes its ids the same
 * way: simulated accounts use their own worker number (so a post id says whose day to generate),
 * posts made through the API or `control.post` use LIVE_WORKER.
 */
const X_EPOCH = 1288834974657n;
export const LIVE_WORKER = 1000;

export const snowflake = (ms: number, worker: number, sequence: number): string =>
  (((BigInt(Math.max(0, Math.floor(ms))) - X_EPOCH) << 22n) | (BigInt(worker & 0x3ff) << 12n) | BigInt(sequence & 0xfff)).toString();

export const decodeSnowflake = (id: string): { ms: number; worker: number; sequence: number } | null => {
  if (!/^\d{1,20}$/.test(id)) return null;
  const n = BigInt(id);
  return { ms: Number((n >> 22n) + X_EPOCH), worker: Number((n >> 12n) & 0x3ffn), sequence: Number(n & 0xfffn) };
};

/** Compares two decimal ids as numbers (they do not fit a double). */
export const compareIds = (a: string, b: string): number => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};
