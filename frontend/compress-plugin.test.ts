import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, it } from 'vitest';
import { precompress } from './compress-plugin.ts';

let root: string | null = null;

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});

/** The plugin's hooks as Vite calls them at the end of a build into `outDir`. */
async function runAfterBuild(outDir: string) {
  const plugin = precompress() as unknown as {
    configResolved(config: { root: string; build: { outDir: string } }): void;
    closeBundle(): Promise<void>;
  };
  plugin.configResolved({ root: path.dirname(outDir), build: { outDir: path.basename(outDir) } });
  await plugin.closeBundle();
}

describe('precompress', () => {
  it('writes .br and .gz beside each compressible file that they make smaller, and only those', async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const script = `export const list = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `item ${i}`))};\n`;
    const files: Record<string, string> = {
      'assets/index-AbC.js': script,
      'assets/index-AbC.css': `.card { padding: 1rem; }\n`.repeat(50),
      'index.html': `<!doctype html><title>Stride</title>${'<p>hello</p>'.repeat(50)}`,
      'sw.js': script,
      'icon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(30)}</svg>`,
      'manifest.webmanifest': JSON.stringify({ name: 'Stride', icons: Array(10).fill({ src: '/i.png' }) }),
      'assets/index-AbC.js.map': script,
      'icons/icon.png': script,
      'tiny.json': '{}',
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
      writeFileSync(path.join(dist, name), text);
    }

    await runAfterBuild(dist);

    for (const name of [
      'assets/index-AbC.js',
      'assets/index-AbC.css',
      'index.html',
      'sw.js',
      'icon.svg',
      'manifest.webmanifest',
    ]) {
      const file = path.join(dist, name);
      assert.equal(brotliDecompressSync(readFileSync(`${file}.br`)).toString(), files[name], `${name}.br`);
      assert.equal(gunzipSync(readFileSync(`${file}.gz`)).toString(), files[name], `${name}.gz`);
      assert.ok(readFileSync(`${file}.br`).length < Buffer.byteLength(files[name] ?? ''));
    }
    // Maps and images get none; a file compression would only make bigger neither.
    for (const name of ['assets/index-AbC.js.map', 'icons/icon.png', 'tiny.json']) {
      assert.equal(existsSync(path.join(dist, `${name}.br`)), false, `${name}.br`);
      assert.equal(existsSync(path.join(dist, `${name}.gz`)), false, `${name}.gz`);
    }
  });
});
