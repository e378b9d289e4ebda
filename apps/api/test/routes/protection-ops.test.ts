import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { opsAs, type OpsMode, type OpsRun } from '../helpers/ops';
import { buildCashboxApp, signedInUser, type CashboxTestApp } from './cashbox-helpers';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

let t: CashboxTestApp;
let documentDir: string;

beforeAll(async () => {
  documentDir = await mkdtemp(path.join(tmpdir(), 'playhouse-ops-documents-'));
  t = await buildCashboxApp({ RATE_LIMIT_MAX: '100000', DOCUMENT_DIR: documentDir });
});
afterAll(async () => {
  await t.close();
  await rm(documentDir, { recursive: true, force: true });
});

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

describe.each(['api', 'in-process'] as const)('ops protection commands (%s)', (mode: OpsMode) => {
  // A risk member (documents and markers of harm), signed in with the second factor like every ops identity.
  let ops: (argv: string[]) => Promise<OpsRun>;
  beforeAll(async () => {
    const risk = await opsAs(t, ['risk'], mode);
    ops = (argv) => risk.ops(argv, { DOCUMENT_DIR: documentDir });
  });

  it('documents lists the review queue and document-review approves or rejects with a reason', async () => {
    const first = await uploadedDocument();
    const second = await uploadedDocument();
    const queue = await ops(['documents']);
    expect(queue.code).toBe(0);
    expect(queue.out).toContain(first.id);
    expect(queue.out).toContain(first.email);

    expect((await ops(['document-review', first.id, 'approve'])).out).toContain('verified');
    const noReason = await ops(['document-review', second.id, 'reject']);
    expect(noReason.code).not.toBe(0);
    expect(noReason.err).toContain('--reason');
    const rejected = await ops(['document-review', second.id, 'reject', '--reason', 'The picture is blurred.']);
    expect(rejected.out).toContain('The picture is blurred.');
    const [row] = await t.db.select().from(schema.kycDocuments).where(eq(schema.kycDocuments.id, second.id));
    expect(row).toMatchObject({ status: 'rejected', reason: 'The picture is blurred.' });
    const again = await ops(['document-review', first.id, 'approve']);
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
    expect((await ops(['harm-check'])).out).toMatch(/new flag/);
    const flags = await ops(['harm-flags', '--open']);
    expect(flags.out).toContain('deposit_spike');
    expect(flags.out).toContain(player.email);
  });

  it('the same permissions apply: support reads the queue but runs no harm check', async () => {
    const support = await opsAs(t, ['support'], mode);
    expect((await support.ops(['documents'], { DOCUMENT_DIR: documentDir })).code).toBe(0);
    const refused = await support.ops(['harm-check'], { DOCUMENT_DIR: documentDir });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('forbidden');
  });
});
