import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Db } from '@playhouse/db';
import { errorClass } from '../../lib/errors';
import { keyIdOf, publicKeyFromRaw, rawPublicKey } from './receipt-crypto';
import { currentReceiptKey, publishedReceiptKeys, receiptKey, replaceCurrentReceiptKey } from './receipt-queries';

export class ReceiptKeyFromEnvironmentError extends errorClass(
  'receipt_key_from_environment',
  'The receipts are signed with the key of RECEIPT_SIGNING_KEY: rotate it there (and restart), not here.',
  409,
) {}

export interface SigningKey {
  id: string;
  privateKey: KeyObject;
}

export interface PublishedKey {
  id: string;
  /** The 32 raw bytes, base64. */
  publicKey: string;
  createdAt: Date;
  retiredAt: Date | null;
}

export type ReceiptKeys = ReturnType<typeof createReceiptKeys>;

/**
 * The operator's receipt keys. In production the signing key comes from the environment (RECEIPT_SIGNING_KEY) and
 * only its public half is stored, to stay published after it is replaced; in the demo the api makes one at first
 * start and keeps it in the database. Rotation retires the current key (its receipts keep verifying: retired keys
 * stay in the published list) and signs from then on with a new one.
 */
export function createReceiptKeys({
  db,
  envKeyPem,
  now = () => new Date(),
}: {
  db: Db;
  envKeyPem: string | undefined;
  now?: () => Date;
}) {
  const envKey = envKeyPem ? createPrivateKey(envKeyPem) : null;
  const privateKeys = new Map<string, KeyObject>();
  let publicKeys = new Map<string, KeyObject>();

  async function insertCurrent(id: string, publicKey: KeyObject, privateKeyPem: string | null): Promise<void> {
    await db.transaction((tx) =>
      replaceCurrentReceiptKey(
        tx,
        { id, publicKey: rawPublicKey(publicKey).toString('base64'), privateKey: privateKeyPem, createdAt: now() },
        now(),
      ),
    );
  }

  function generated(): { id: string; publicKey: KeyObject; pem: string } {
    const pair = generateKeyPairSync('ed25519');
    return {
      id: keyIdOf(pair.publicKey),
      publicKey: pair.publicKey,
      pem: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    };
  }

  /**
   * At start-up: the environment's key becomes the current one (stored by its public half), or, without one, the
   * stored key the api made goes on signing, or a first one is made. Several instances starting together agree: one
   * key may be current (a unique index), and a loser reads the winner's.
   */
  async function ensure(): Promise<void> {
    if (envKey) {
      const publicKey = createPublicKey(envKey);
      const id = keyIdOf(publicKey);
      const row = await receiptKey(db, id);
      if (!row || row.retiredAt !== null) await insertCurrent(id, publicKey, null);
      privateKeys.set(id, envKey);
      return;
    }
    const row = await currentReceiptKey(db);
    if (row?.privateKey) return;
    const fresh = generated();
    try {
      await insertCurrent(fresh.id, fresh.publicKey, fresh.pem);
    } catch (error) {
      // Another instance made the first key at the same moment: its key signs.
      const winner = await currentReceiptKey(db);
      if (!winner?.privateKey) throw error;
    }
  }

  /** The key that signs now (the database says which; a rotation on another instance counts at once). */
  async function signing(): Promise<SigningKey> {
    const row = await currentReceiptKey(db);
    if (!row) throw new Error('No receipt key is current: the api must ensure one at start-up');
    const known = privateKeys.get(row.id);
    if (known) return { id: row.id, privateKey: known };
    if (!row.privateKey) throw new Error(`The receipt key ${row.id} is not this instance's (RECEIPT_SIGNING_KEY)`);
    const privateKey = createPrivateKey(row.privateKey);
    privateKeys.set(row.id, privateKey);
    return { id: row.id, privateKey };
  }

  /** Every key that ever signed, oldest first: what the well-known list publishes and verification accepts. */
  async function published(): Promise<PublishedKey[]> {
    return publishedReceiptKeys(db);
  }

  return {
    ensure,
    signing,
    published,

    /** The public keys by id, for verifying (read again when a receipt names one not seen yet). */
    async verifying(keyId?: string): Promise<ReadonlyMap<string, KeyObject>> {
      if (keyId === undefined || !publicKeys.has(keyId)) {
        publicKeys = new Map((await published()).map((key) => [key.id, publicKeyFromRaw(key.publicKey)]));
      }
      return publicKeys;
    },

    /** A new key signs from now on; the old one stays published. Not for a key from the environment. */
    async rotate(): Promise<PublishedKey> {
      if (envKey) throw new ReceiptKeyFromEnvironmentError();
      const fresh = generated();
      await insertCurrent(fresh.id, fresh.publicKey, fresh.pem);
      const row = await receiptKey(db, fresh.id);
      return { id: fresh.id, publicKey: row!.publicKey, createdAt: row!.createdAt, retiredAt: null };
    },
  };
}
