/**
 * Wraps a read of many keys so that single reads asked for in the same turn of the event loop share one call of it:
 * an odds notice naming five matches wakes five match streams at once, and their five reads become one. A key the
 * read does not answer resolves to undefined; a failed read fails every caller of its batch.
 */
export function batched<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  type Waiting = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[];
  let batch: Map<K, Waiting> | null = null;

  async function run(keys: Map<K, Waiting>) {
    try {
      const values = await readMany([...keys.keys()]);
      for (const [key, waiting] of keys) for (const { resolve } of waiting) resolve(values.get(key));
    } catch (error) {
      for (const waiting of keys.values()) for (const { reject } of waiting) reject(error);
    }
  }

  return (key) =>
    new Promise((resolve, reject) => {
      let keys = batch;
      if (!keys) {
        const opened = new Map<K, Waiting>();
        keys = batch = opened;
        // After the callers woken together have asked: the read goes out with all their keys.
        setImmediate(() => {
          batch = null;
          void run(opened);
        });
      }
      const waiting = keys.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else keys.set(key, [{ resolve, reject }]);
    });
}
