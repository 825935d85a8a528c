import assert from 'node:assert/strict';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * A GET as it came over the wire: the body's bytes undecoded (fetch would decode them itself)
 * and the headers that say how it was sent.
 */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('compressed JSON answers', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await server.register('Compressed')).token;
    // Thirty workouts: a page of the list is several KB of JSON.
    for (let day = 1; day <= 30; day++) {
      const date = `2026-03-${String(day).padStart(2, '0')}`;
      const started = await server.api('POST', '/workouts', { token, body: { name: `Session ${day}`, date } });
      assert.equal(started.status, 201);
    }
  });
  afterAll(async () => {
    await server.close();
  });

  const get = (path: string, encoding?: string) =>
    rawGet(`${server.baseUrl}/api/v1${path}`, {
      authorization: `Bearer ${token}`,
      ...(encoding !== undefined && { 'accept-encoding': encoding }),
    });

  it('sends a large answer brotli- or gzip-compressed as asked, decoding to the same JSON', async () => {
    const plain = await get('/workouts?per_page=30', '');
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.body.length > 4096, `the list is ${plain.body.length} bytes`);
    const expected = JSON.parse(plain.body.toString('utf8'));

    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['deflate, gzip;q=0.5', 'gzip', gunzipSync],
    ] as const) {
      const compressed = await get('/workouts?per_page=30', accepted);
      assert.equal(compressed.status, 200);
      assert.equal(compressed.headers['content-encoding'], encoding, accepted);
      assert.match(compressed.headers.vary ?? '', /accept-encoding/i);
      assert.ok(compressed.body.length < plain.body.length / 3, `${encoding}: ${compressed.body.length} bytes`);
      assert.deepEqual(JSON.parse(decode(compressed.body).toString('utf8')), expected);
    }
  });

  it('compresses the streamed export too', async () => {
    const plain = await get('/me/export', '');
    const compressed = await get('/me/export', 'br');
    assert.equal(compressed.status, 200);
    assert.equal(compressed.headers['content-encoding'], 'br');
    const exported = JSON.parse(brotliDecompressSync(compressed.body).toString('utf8'));
    const { exported_at: _at, ...whole } = JSON.parse(plain.body.toString('utf8'));
    const { exported_at: _again, ...same } = exported;
    assert.deepEqual(same, whole);
  });

  it('sends a small answer, and any answer to a client that accepts no encoding, as it is', async () => {
    const small = await get('/workouts?per_page=1', 'br, gzip');
    assert.equal(small.status, 200);
    assert.ok(small.body.length < 1024, `${small.body.length} bytes`);
    assert.equal(small.headers['content-encoding'], undefined);
    assert.equal(JSON.parse(small.body.toString('utf8')).data.length, 1);

    for (const accepted of [undefined, 'identity', 'deflate']) {
      const large = await get('/workouts?per_page=30', accepted);
      assert.equal(large.status, 200);
      assert.equal(large.headers['content-encoding'], undefined, String(accepted));
      assert.equal(JSON.parse(large.body.toString('utf8')).data.length, 30);
    }
  });

  it('leaves the web app to its build-time variants, and socket.io to itself', async () => {
    const page = await rawGet(`${server.baseUrl}/dashboard`, { 'accept-encoding': 'br' });
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(page.headers['content-encoding'], undefined);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body.toString('utf8'))?.[1];
    assert.ok(script, 'the page names its entry script');
    const asIs = await rawGet(`${server.baseUrl}${script}`, { 'accept-encoding': 'deflate' });
    assert.equal(asIs.headers['content-encoding'], undefined, 'no on-the-fly deflate of a built file');
    const prebuilt = await rawGet(`${server.baseUrl}${script}`, { 'accept-encoding': 'br' });
    assert.equal(prebuilt.headers['content-encoding'], 'br');
    assert.deepEqual(brotliDecompressSync(prebuilt.body), asIs.body);
    const map = await rawGet(`${server.baseUrl}${script}.map`, { 'accept-encoding': 'br' });
    assert.ok(map.body.length > 1024, 'a source map is JSON over the threshold');
    assert.equal(map.headers['content-encoding'], undefined);

    const handshake = await rawGet(`${server.baseUrl}/socket.io/?EIO=4&transport=polling`, { 'accept-encoding': 'br' });
    assert.equal(handshake.status, 200);
    assert.notEqual(handshake.headers['content-encoding'], 'br');
  });
});
