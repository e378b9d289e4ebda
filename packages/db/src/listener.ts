import type { Notification } from 'pg';

/** What the listener needs of a node-postgres client (a real pg.Client, or a stand-in in tests). */
export interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: (message: Notification) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  removeAllListeners(): unknown;
}

export interface ListenOptions {
  /**
   * Called after the connection was lost and LISTEN is in place again: notifications sent in the gap are lost, so
   * whoever relies on them reads the current state afresh.
   */
  onReconnect?: () => void;
}

/** A listener for PostgreSQL NOTIFY payloads on one channel; returns the unsubscribe function. */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  options?: ListenOptions,
) => Promise<() => Promise<void>>;

export interface ReconnectingListenerOptions {
  /** Opens a new, not yet connected client. */
  newClient: () => ListenClient;
  /** First wait before reconnecting; it doubles on each failure up to maxDelayMs (with ±20% jitter). */
  minDelayMs?: number;
  maxDelayMs?: number;
  onError?: (error: unknown) => void;
  /** Timer functions, replaceable in tests. */
  setTimer?: (run: () => void, ms: number) => { unref?: () => unknown };
  random?: () => number;
}

interface Subscription {
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
}

const quote = (channel: string) => `"${channel.replace(/"/g, '')}"`;

/**
 * One connection that LISTENs for every channel of this process. When the server drops it (a restart, a failover,
 * pg_terminate_backend), it reconnects with exponential backoff, LISTENs on every channel again and then tells each
 * subscriber, so live streams resynchronise instead of freezing.
 */
export function createReconnectingListener({
  newClient,
  minDelayMs = 100,
  maxDelayMs = 10_000,
  onError = () => undefined,
  setTimer = (run, ms) => setTimeout(run, ms),
  random = Math.random,
}: ReconnectingListenerOptions) {
  const channels = new Map<string, Set<Subscription>>();
  let client: ListenClient | null = null;
  let connecting: Promise<ListenClient> | null = null;
  let failures = 0;
  let retryScheduled = false;
  let closed = false;

  function dispatch(message: Notification) {
    if (message.payload === undefined) return;
    for (const subscription of channels.get(message.channel) ?? []) {
      try {
        subscription.onPayload(message.payload);
      } catch (error) {
        onError(error);
      }
    }
  }

  async function open(): Promise<ListenClient> {
    const next = newClient();
    next.on('notification', dispatch);
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('the LISTEN connection ended')));
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`listen ${quote(channel)}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
      throw error;
    }
    return next;
  }

  function lost(which: ListenClient, error: Error) {
    if (which !== client || closed) return;
    client = null;
    onError(error);
    which.removeAllListeners();
    which.on('error', () => undefined);
    void which.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (retryScheduled || closed) return;
    retryScheduled = true;
    const base = Math.min(maxDelayMs, minDelayMs * 2 ** failures);
    const delay = Math.round(base * (0.8 + 0.4 * random()));
    const timer = setTimer(() => {
      retryScheduled = false;
      void reconnect();
    }, delay);
    timer.unref?.();
  }

  async function reconnect() {
    if (closed || client || connecting) return;
    connecting = open();
    try {
      client = await connecting;
      failures = 0;
    } catch (error) {
      failures += 1;
      onError(error);
      scheduleReconnect();
      return;
    } finally {
      connecting = null;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    for (const subscriptions of channels.values()) {
      for (const subscription of subscriptions) {
        try {
          subscription.onReconnect?.();
        } catch (error) {
          onError(error);
        }
      }
    }
  }

  /** The connection, opened on first use; a first connection that fails is the caller's error. */
  async function connected(): Promise<ListenClient | null> {
    if (client) return client;
    if (connecting) return connecting;
    // Lost and waiting for its retry: the new connection will LISTEN on every channel, this one included.
    if (retryScheduled) return null;
    connecting = open();
    try {
      client = await connecting;
      return client;
    } finally {
      connecting = null;
    }
  }

  const listen: Listen = async (channel, onPayload, options = {}) => {
    if (closed) throw new Error('the listener is closed');
    const subscription: Subscription = { onPayload, onReconnect: options.onReconnect };
    let subscriptions = channels.get(channel);
    const first = !subscriptions;
    if (!subscriptions) {
      subscriptions = new Set();
      channels.set(channel, subscriptions);
    }
    subscriptions.add(subscription);
    try {
      const current = await connected();
      if (first && current) await current.query(`listen ${quote(channel)}`);
    } catch (error) {
      subscriptions.delete(subscription);
      if (subscriptions.size === 0) channels.delete(channel);
      throw error;
    }
    return async () => {
      const current = channels.get(channel);
      if (!current?.delete(subscription) || current.size > 0) return;
      channels.delete(channel);
      await client?.query(`unlisten ${quote(channel)}`).catch(() => undefined);
    };
  };

  async function close(): Promise<void> {
    closed = true;
    channels.clear();
    const current = client ?? (await connecting?.catch(() => null)) ?? null;
    client = null;
    if (current) {
      current.removeAllListeners();
      current.on('error', () => undefined);
      await current.end().catch(() => undefined);
    }
  }

  return { listen, close };
}
