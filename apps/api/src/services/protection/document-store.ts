import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ProtectionConfig } from '../../config';

/**
 * Where identity documents live: a folder under DATA_DIR (outside the web root: nothing serves it but the api's
 * guarded routes), or an S3-compatible bucket when DOCUMENT_S3_BUCKET is set. Keys are made by the api
 * (`<userId>/<documentId>`); nothing a player sends becomes part of a path.
 */
export interface DocumentStore {
  readonly kind: 'filesystem' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^\d{1,15}\/[0-9a-f-]{36}$/;

function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`refusing a document key that the api did not make: ${key}`);
  return key;
}

export function createFileDocumentStore(root: string): DocumentStore {
  const resolve = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    kind: 'filesystem',
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // wx: a key is written once; mode 600: readable by the api's user alone.
      await writeFile(file, body, { flag: 'wx', mode: 0o600 });
    },
    // async: a refused key rejects like every other failure of the store, it does not throw at the call.
    get: async (key) => readFile(resolve(key)),
    delete: async (key) => rm(resolve(key), { force: true }),
  };
}

export type S3StoreConfig = NonNullable<ProtectionConfig['documents']['s3']>;

export function createS3DocumentStore(config: S3StoreConfig): DocumentStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const objectKey = (key: string) => `${config.prefix}${checkedKey(key)}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          ServerSideEncryption: 'AES256',
        }),
      );
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
      if (!answer.Body) throw new Error(`document ${key} has no body`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}
