import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/** A PNG's size, from its IHDR chunk (bytes 16 to 24). */
function pngSize(bytes: Buffer) {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG file');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

type ManifestIcon = { src: string; sizes: string; type: string; purpose: string };

/** What browsers and phones ask of an installable app: the manifest, its icons, the apple-touch-icon. */
describe('installable app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('has a manifest with the site’s name, an id and scope, and PNG icons of the sizes it names', async () => {
    const admin = await server.register('Admin');
    await server.api('PUT', '/admin/settings', { token: admin.token, body: { site_name: 'Iron Gym' } });
    const response = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    assert.equal(manifest.short_name, 'Iron Gym');
    assert.equal(manifest.id, '/');
    assert.equal(manifest.scope, '/');
    assert.equal(manifest.start_url, '/dashboard');
    assert.equal(manifest.display, 'standalone');

    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    assert.deepEqual(
      pngs.map((icon) => [icon.sizes, icon.purpose]),
      [
        ['192x192', 'any'],
        ['512x512', 'any'],
        ['512x512', 'maskable'],
      ],
    );
    for (const icon of pngs) {
      const file = await fetch(`${server.baseUrl}${icon.src}`);
      assert.equal(file.status, 200, icon.src);
      assert.equal(file.headers.get('content-type'), 'image/png');
      assert.equal(pngSize(Buffer.from(await file.arrayBuffer())), icon.sizes, icon.src);
    }
  });

  it('links an apple-touch-icon of 180 pixels from the page', async () => {
    const page = await (await fetch(`${server.baseUrl}/dashboard`)).text();
    const href = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(page)?.[1];
    assert.ok(href, 'the page links an apple-touch-icon');
    const icon = await fetch(`${server.baseUrl}${href}`);
    assert.equal(icon.status, 200);
    assert.equal(pngSize(Buffer.from(await icon.arrayBuffer())), '180x180');
  });
});
