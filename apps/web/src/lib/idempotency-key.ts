/** A fresh retry key for one money-moving action: the api answers a repeat with the first answer. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
