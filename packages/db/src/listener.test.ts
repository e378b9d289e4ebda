import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createReconnectingListener, type ListenClient } from './listener';

class FakeClient extends EventEmitter implements ListenClient {
  queries: string[] = [];
  ended = false;
  constructor(private readonly failConnect: boolean) {
    super();
  }
  async connect() {
    if (this.failConnect) throw new Error('connection refused');
  }
  async query(text: string) {
    this.queries.push(text);
  }
  async end() {
    this.ended = true;
  }
  notify(channel: string, payload: string) {
    this.emit('notification', { channel, payload, processId: 1 });
  }
}

function harness(failures: boolean[] = []) {
  const clients: FakeClient[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const errors: unknown[] = [];
  const listener = createReconnectingListener({
    newClient: () => {
      const client = new FakeClient(failures.shift() ?? false);
      clients.push(client);
      return client;
    },
    onError: (error) => errors.push(error),
    setTimer: (run, ms) => {
      timers.push({ run, ms });
      return {};
    },
    random: () => 0.5,
  });
  /** Runs the pending retry and lets its connection attempt finish. */
  const fireTimer = async () => {
    timers.shift()!.run();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { listener, clients, timers, errors, fireTimer };
}

describe('the reconnecting LISTEN connection', () => {
  it('listens on one connection and hands each channel its payloads', async () => {
    const { listener, clients } = harness();
    const odds: string[] = [];
    const chat: string[] = [];
    await listener.listen('odds_changed', (payload) => odds.push(payload));
    await listener.listen('chat_event', (payload) => chat.push(payload));
    expect(clients).toHaveLength(1);
    expect(clients[0]!.queries).toContain('listen "chat_event"');
    clients[0]!.notify('odds_changed', 'a');
    clients[0]!.notify('chat_event', 'b');
    expect([odds, chat]).toEqual([['a'], ['b']]);
  });

  it('after a lost connection, listens on every channel again, then tells the subscribers to resynchronise', async () => {
    const { listener, clients, timers, errors, fireTimer } = harness();
    const payloads: string[] = [];
    let resyncs = 0;
    await listener.listen('balance_changed', (payload) => payloads.push(payload), {
      onReconnect: () => (resyncs += 1),
    });
    await listener.listen('odds_changed', () => undefined);
    clients[0]!.emit('error', new Error('terminating connection due to administrator command'));
    expect(clients[0]!.ended).toBe(true);
    expect(errors).toHaveLength(1);
    expect(timers.map((timer) => timer.ms)).toEqual([100]);
    expect(resyncs).toBe(0);

    await fireTimer();
    expect(clients).toHaveLength(2);
    expect(clients[1]!.queries).toEqual(['listen "balance_changed"', 'listen "odds_changed"']);
    expect(resyncs).toBe(1);
    clients[1]!.notify('balance_changed', 'after the gap');
    clients[0]!.notify('balance_changed', 'from the dead connection');
    expect(payloads).toEqual(['after the gap']);
  });

  it('backs off exponentially while the server stays away, up to the cap, and starts over once back', async () => {
    const { listener, clients, timers, fireTimer } = harness([false, true, true, true, true, true, true, true, true]);
    await listener.listen('chat_event', () => undefined);
    clients[0]!.emit('end');
    const waits: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      waits.push(timers[0]!.ms);
      await fireTimer();
    }
    expect(waits).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 10_000, 10_000]);
    expect(clients.at(-1)!.queries).toEqual(['listen "chat_event"']);
    clients.at(-1)!.emit('error', new Error('again'));
    expect(timers.at(-1)!.ms).toBe(100);
  });

  it('keeps a channel subscribed while the connection is down, and stops retrying once closed', async () => {
    const { listener, clients, timers, fireTimer } = harness();
    await listener.listen('odds_changed', () => undefined);
    clients[0]!.emit('error', new Error('gone'));
    const payloads: string[] = [];
    await listener.listen('chat_event', (payload) => payloads.push(payload));
    await fireTimer();
    expect(clients[1]!.queries).toEqual(['listen "odds_changed"', 'listen "chat_event"']);
    clients[1]!.notify('chat_event', 'x');
    expect(payloads).toEqual(['x']);

    await listener.close();
    expect(clients[1]!.ended).toBe(true);
    clients[1]!.emit('error', new Error('late'));
    expect(timers).toHaveLength(0);
  });

  it('fails the first listen when the database cannot be reached at all', async () => {
    const { listener } = harness([true]);
    await expect(listener.listen('odds_changed', () => undefined)).rejects.toThrow('connection refused');
  });
});
