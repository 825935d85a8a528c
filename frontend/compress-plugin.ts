import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** What compresses well and is served as a file; source maps are for developers, not the wire. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build, once, at the
 * highest settings (which would be too slow per request), so the gateway only picks the variant
 * the browser accepts. A variant that would not be smaller is left out (the file is then sent
 * as it is). Runs after the bundle is written, so the service worker's precache list (made from
 * the bundle) never names the variants.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fitness-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true }))
        .map((file) => path.join(outDir, file))
        .filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(compressBeside));
    },
  };
}

async function compressBeside(file: string) {
  if (!(await stat(file)).isFile()) return;
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}
