import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileDocumentStore, createS3DocumentStore } from './document-store';

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

/**
 * An S3-compatible endpoint in memory, enough for the store's three calls (path-style PUT, GET, DELETE of one object):
 * the real AWS SDK talks to it over HTTP, signing included, as it would to MinIO or Ceph.
 */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const seen: SeenRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = decodeURIComponent(new URL(request.url ?? '/', 'http://s3.test').pathname);
      seen.push({ method: request.method ?? '', url, headers: request.headers });
      if (request.method === 'PUT') {
        objects.set(url, { body: Buffer.concat(chunks), contentType: request.headers['content-type'] });
        response.writeHead(200, { etag: '"1"' }).end();
      } else if (request.method === 'GET') {
        const object = objects.get(url);
        if (!object) {
          response.writeHead(404, { 'content-type': 'application/xml' });
          response.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
          return;
        }
        response.writeHead(200, { 'content-type': object.contentType ?? 'application/octet-stream' });
        response.end(object.body);
      } else if (request.method === 'DELETE') {
        objects.delete(url);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    });
  });
  return { server, objects, seen };
}

describe('document stores', () => {
  const s3 = fakeS3();
  let endpoint: string;
  let folder: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    const address = s3.server.address();
    if (address === null || typeof address === 'string') throw new Error('the fake S3 endpoint has no port');
    endpoint = `http://127.0.0.1:${address.port}`;
    folder = await mkdtemp(path.join(tmpdir(), 'playhouse-document-store-'));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => s3.server.close(() => resolve()));
    await rm(folder, { recursive: true, force: true });
  });

  it('S3: puts a document under the prefix, encrypted at rest and signed, reads it back and deletes it', async () => {
    const store = createS3DocumentStore({
      bucket: 'kyc',
      region: 'eu-west-1',
      endpoint,
      accessKeyId: 'test-access-key',
      secretAccessKey: 'test-secret-key',
      prefix: 'documents/',
    });
    const key = `42/${randomUUID()}`;
    const body = Buffer.from('%PDF-1.7 a passport');
    await store.put(key, body, 'application/pdf');

    const put = s3.seen.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe(`/kyc/documents/${key}`);
    expect(put.headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-access-key\//);
    expect(s3.objects.get(`/kyc/documents/${key}`)).toEqual({ body, contentType: 'application/pdf' });

    expect(await store.get(key)).toEqual(body);
    await store.delete(key);
    expect(s3.objects.size).toBe(0);
    await expect(store.get(key)).rejects.toThrow();
  });

  it('refuses a key the api did not make, before any call', async () => {
    const before = s3.seen.length;
    const store = createS3DocumentStore({
      bucket: 'kyc',
      region: 'eu-west-1',
      endpoint,
      accessKeyId: 'a',
      secretAccessKey: 'b',
      prefix: '',
    });
    await expect(store.put('../../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/did not make/);
    await expect(createFileDocumentStore(folder).get('1/../../secret')).rejects.toThrow(/did not make/);
    expect(s3.seen.length).toBe(before);
  });

  it('filesystem: writes each key once, readable by the api user alone', async () => {
    const store = createFileDocumentStore(folder);
    const key = `7/${randomUUID()}`;
    await store.put(key, Buffer.from('png'), 'image/png');
    expect((await stat(path.join(folder, ...key.split('/')))).mode & 0o777).toBe(0o600);
    await expect(store.put(key, Buffer.from('again'), 'image/png')).rejects.toThrow(/EEXIST/);
    expect((await store.get(key)).toString()).toBe('png');
  });
});
