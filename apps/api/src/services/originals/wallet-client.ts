import {
  walletAuthenticateResponseSchema,
  walletResponseSchema,
  type WalletAuthenticateResponse,
  type WalletResponse,
} from '@playhouse/shared';
import { signatureTimestamp, signBody } from '../providers/provider-signature';

/** An HTTP request to the operator's api: `app.inject` inside the api, `fetch` anywhere else. */
export type HttpSend = (request: {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ statusCode: number; body: string }>;

export class WalletCallError extends Error {
  constructor(
    readonly path: string,
    readonly statusCode: number,
    body: string,
  ) {
    super(`wallet call ${path} answered ${statusCode}: ${body.slice(0, 200)}`);
    this.name = 'WalletCallError';
  }
}

export type WalletClient = ReturnType<typeof createWalletClient>;

/** A bet or a win, as the host sends it. */
export interface WalletMoveBody {
  sessionId: string;
  transactionId: string;
  roundId: string;
  playerId: string;
  gameId: string;
  amount: string;
  currency: string;
}

/**
 * The Originals host's side of the seamless wallet: it signs and sends exactly the calls a third-party provider
 * makes, so the in-house games exercise the same public API.
 */
export function createWalletClient({
  provider,
  secret,
  send,
  now = () => new Date(),
}: {
  provider: string;
  secret: string;
  send: HttpSend;
  now?: () => Date;
}) {
  async function call(path: string, payload: object): Promise<unknown> {
    const body = JSON.stringify(payload);
    const url = `/spa/providers/${provider}/${path}`;
    const timestamp = signatureTimestamp(now());
    const response = await send({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-provider-timestamp': timestamp,
        'x-provider-signature': signBody(secret, body, timestamp),
      },
      body,
    });
    if (response.statusCode !== 200) throw new WalletCallError(url, response.statusCode, response.body);
    return JSON.parse(response.body) as unknown;
  }

  return {
    authenticate: async (token: string): Promise<WalletAuthenticateResponse> =>
      walletAuthenticateResponseSchema.parse(await call('authenticate', { token })),
    balance: async (body: { sessionId: string; playerId: string; currency: string }): Promise<WalletResponse> =>
      walletResponseSchema.parse(await call('balance', body)),
    bet: async (body: WalletMoveBody): Promise<WalletResponse> => walletResponseSchema.parse(await call('bet', body)),
    win: async (body: WalletMoveBody): Promise<WalletResponse> => walletResponseSchema.parse(await call('win', body)),
    rollback: async (body: Omit<WalletMoveBody, 'amount' | 'currency'> & { referenceTransactionId: string }) =>
      walletResponseSchema.parse(await call('rollback', body)),
  };
}
