import {
  walletAuthenticateResponseSchema,
  walletResponseSchema,
  type WalletAuthenticateResponse,
  type WalletResponse,
} from '@playhouse/shared';
import { signBody } from '../providers/provider-signature';

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

/**
 * The Originals host's side of the seamless wallet: it signs and sends exactly the calls a third-party provider
 * makes, so the in-house games exercise the same public API.
 */
export function createWalletClient({ provider, secret, send }: { provider: string; secret: string; send: HttpSend }) {
  async function call(path: string, payload: object): Promise<unknown> {
    const body = JSON.stringify(payload);
    const url = `/spa/providers/${provider}/${path}`;
    const response = await send({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-provider-signature': signBody(secret, body) },
      body,
    });
    if (response.statusCode !== 200) throw new WalletCallError(url, response.statusCode, response.body);
    return JSON.parse(response.body) as unknown;
  }

  return {
    authenticate: async (token: string): Promise<WalletAuthenticateResponse> =>
      walletAuthenticateResponseSchema.parse(await call('authenticate', { token })),
    balance: async (body: { playerId: string; currency: string }): Promise<WalletResponse> =>
      walletResponseSchema.parse(await call('balance', body)),
    bet: async (body: {
      transactionId: string;
      roundId: string;
      playerId: string;
      gameId: string;
      amount: string;
      currency: string;
    }): Promise<WalletResponse> => walletResponseSchema.parse(await call('bet', body)),
    win: async (body: {
      transactionId: string;
      roundId: string;
      playerId: string;
      gameId: string;
      amount: string;
      currency: string;
    }): Promise<WalletResponse> => walletResponseSchema.parse(await call('win', body)),
  };
}
