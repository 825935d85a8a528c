import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerFrontend } from './frontend.ts';

/**
 * The web app's files as the gateway serves them, from a small build laid out as Vite and the
 * precompress plugin write it: each compressible file with its .br and .gz beside it.
 */
const CHUNK = `export const answer = ${JSON.stringify('forty-two '.repeat(200))};\n`;
const WORKER = `self.addEventListener('fetch', () => {}); // ${'x'.repeat(400)}\n`;
const SECRET = 'not for the web';

let root: string;
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'frontend-dist-'));
  dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stride</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-AbC123.js'), CHUNK);
  writeFileSync(path.join(dist, 'assets', 'app-AbC123.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(path.join(dist, 'assets', 'app-AbC123.js.gz'), gzipSync(CHUNK));
  // Only a gzip variant (brotli came out no smaller, say): gzip or the file itself.
  writeFileSync(path.join(dist, 'sw.js'), WORKER);
  writeFileSync(path.join(dist, 'sw.js.gz'), gzipSync(WORKER));
  writeFileSync(path.join(root, 'secret.txt'), SECRET);
  writeFileSync(path.join(root, 'secret.txt.br'), brotliCompressSync(SECRET));
  app = Fastify();
  assert.equal(await registerFrontend(app, dist), true);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('the web app files, precompressed', () => {
  it('sends brotli when the browser takes it, as JavaScript, cached for good', async () => {
    const response = await get('/assets/app-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-encoding'], 'br');
    assert.match(String(response.headers['content-type']), /^application\/javascript/);
    assert.match(String(response.headers.vary), /accept-encoding/i);
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(brotliDecompressSync(response.rawPayload).toString(), CHUNK);
  });

  it('sends gzip to a browser without brotli, or one that refuses it', async () => {
    for (const accepted of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/assets/app-AbC123.js', { 'accept-encoding': accepted });
      assert.equal(response.headers['content-encoding'], 'gzip', accepted);
      assert.equal(gunzipSync(response.rawPayload).toString(), CHUNK);
    }
  });

  it('sends the file itself when no encoding is accepted, still saying it varies', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const response = await get('/assets/app-AbC123.js', headers);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-encoding'], undefined);
      assert.match(String(response.headers.vary), /accept-encoding/i);
      assert.equal(response.body, CHUNK);
    }
  });

  it('falls back to the next encoding when a variant is missing; files outside assets/ revalidate', async () => {
    const gzipOnly = await get('/sw.js', { 'accept-encoding': 'br, gzip' });
    assert.equal(gzipOnly.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzipOnly.rawPayload).toString(), WORKER);
    assert.equal(gzipOnly.headers['cache-control'], 'no-cache');
    const brotliOnly = await get('/sw.js', { 'accept-encoding': 'br' });
    assert.equal(brotliOnly.headers['content-encoding'], undefined);
    assert.equal(brotliOnly.body, WORKER);
  });

  it('answers a revalidation with 304 for the variant it sent', async () => {
    const first = await get('/assets/app-AbC123.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    assert.ok(etag);
    const again = await get('/assets/app-AbC123.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
    // Another encoding is another representation: its tag differs, so it is sent in full.
    const gzip = await get('/assets/app-AbC123.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    assert.equal(gzip.statusCode, 200);
  });

  it('serves a byte range of the file itself', async () => {
    const response = await get('/assets/app-AbC123.js', { 'accept-encoding': 'identity', range: 'bytes=0-9' });
    assert.equal(response.statusCode, 206);
    assert.equal(response.headers['content-range'], `bytes 0-9/${Buffer.byteLength(CHUNK)}`);
    assert.equal(response.body, CHUNK.slice(0, 10));
  });

  it('never sends the compressed variants under their own names', async () => {
    const response = await get('/assets/app-AbC123.js.br', { 'accept-encoding': 'br' });
    assert.equal(response.statusCode, 404);
  });
});

describe('what is not a file of the build', () => {
  it('answers a missing chunk with 404, never with the page', async () => {
    const response = await get('/assets/gone-Old123.js', { 'accept-encoding': 'br' });
    assert.equal(response.statusCode, 404);
    assert.doesNotMatch(String(response.headers['content-type']), /html/);
  });

  it('answers a page path with the page, revalidated every time', async () => {
    const response = await get('/workouts/123', { 'accept-encoding': 'br, gzip' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html/);
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.match(response.body, /<div id="root">/);
  });

  it('sends nothing from outside the build, however the path is spelled', async () => {
    const attempts = [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
    ];
    for (const url of attempts) {
      for (const encoding of ['identity', 'br']) {
        const response = await get(url, { 'accept-encoding': encoding });
        assert.ok(!response.body.includes(SECRET), `${url} (${encoding}) sent the secret`);
        assert.notEqual(response.headers['content-encoding'], 'br', `${url} sent a compressed file`);
      }
    }
  });
});
