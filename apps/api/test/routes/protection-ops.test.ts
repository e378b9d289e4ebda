import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { runOps } from '../../src/ops/run-ops';
import type { Transport } from '../../src/ops/staff-api';
import { buildCashboxApp, signedInUser, type CashboxTestApp } from './cashbox-helpers';

const STAFF = { email: 'protection-ops@example.com', password: 'protection ops passphrase' };
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

let t: CashboxTestApp;
let documentDir: string;

beforeAll(async () => {
  documentDir = await mkdtemp(path.join(tmpdir(), 'playhouse-ops-documents-'));
  t = await buildCashboxApp({ RATE_LIMIT_MAX: '100000', DOCUMENT_DIR: documentDir });
  await t.app.services.accounts.createUser({ ...STAFF, role: 'staff' }, { id: null, ip: null, via: 'direct' as const });
});
afterAll(async () => {
  await t.close();
  await rm(documentDir, { recursive: true, force: true });
});

const injectTransport: Transport = async ({ method, path: url, headers, body }) => {
  const response = await t.app.inject({ method, url, headers, ...(body !== undefined ? { payload: body } : {}) });
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    body: response.body,
    setCookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
  };
};

async function ops(argv: string[], mode: 'api' | 'direct') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(mode === 'direct' ? [...argv, '--direct'] : argv, {
    env: {
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      DOCUMENT_DIR: documentDir,
      ...(mode === 'api' ? { OPS_LOGIN: STAFF.email, OPS_PASSWORD: STAFF.password } : {}),
    },
    transport: injectTransport,
    openDatabase: async () => ({ ...t.handle, close: async () => undefined }),
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function uploadedDocument(): Promise<{ id: string; userId: number; email: string }> {
  const player = await signedInUser(t);
  const boundary = `----ops${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="passport.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/users/documents/identity',
    headers: { ...player.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().document.id, userId: player.id, email: player.email };
}

describe.each(['api', 'direct'] as const)('ops protection commands (%s)', (mode) => {
  it('documents lists the review queue and document-review approves or rejects with a reason', async () => {
    const first = await uploadedDocument();
    const second = await uploadedDocument();
    const queue = await ops(['documents'], mode);
    expect(queue.code).toBe(0);
    expect(queue.out).toContain(first.id);
    expect(queue.out).toContain(first.email);

    expect((await ops(['document-review', first.id, 'approve'], mode)).out).toContain('verified');
    const noReason = await ops(['document-review', second.id, 'reject'], mode);
    expect(noReason.code).not.toBe(0);
    expect(noReason.err).toContain('--reason');
    const rejected = await ops(['document-review', second.id, 'reject', '--reason', 'The picture is blurred.'], mode);
    expect(rejected.out).toContain('The picture is blurred.');
    const [row] = await t.db.select().from(schema.kycDocuments).where(eq(schema.kycDocuments.id, second.id));
    expect(row).toMatchObject({ status: 'rejected', reason: 'The picture is blurred.' });
    const again = await ops(['document-review', first.id, 'approve'], mode);
    expect(again.code).not.toBe(0);
  });

  it('harm-check runs the rules and harm-flags lists what they raised', async () => {
    const player = await signedInUser(t);
    const [method] = await t.db.select().from(schema.paymentMethods).limit(1);
    for (let i = 0; i < 5; i += 1) {
      await t.db.insert(schema.payments).values({
        userId: player.id,
        methodCode: method!.code,
        provider: 'sandbox',
        amount: 1_000n,
        currency: 'EUR',
        status: 'succeeded',
        idempotencyKey: `harm-${randomUUID()}`,
        requestHash: 'fixture',
      });
    }
    expect((await ops(['harm-check'], mode)).out).toMatch(/new flag/);
    const flags = await ops(['harm-flags', '--open'], mode);
    expect(flags.out).toContain('deposit_spike');
    expect(flags.out).toContain(player.email);
  });
});
