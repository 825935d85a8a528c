import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import staticFiles from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../frontend/dist');

/**
 * Serves the built web app (frontend/dist) on the API's origin: its files, the service worker
 * at /sw.js, and index.html for every other page path so client-side routes load directly.
 * Returns false when there is no build.
 */
export async function registerFrontend(app: FastifyInstance, dist = DIST) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) return false;
  await app.register(staticFiles, { root: dist, wildcard: false, index: false });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    const resolved = path.resolve(dist, file);
    if (file && resolved.startsWith(dist) && fs.existsSync(resolved) && fs.statSync(resolved).isFile()) {
      // Vite fingerprints what it puts in assets/; everything else (sw.js above all) must revalidate.
      const immutable = file.startsWith('assets/');
      return reply
        .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(file);
    }
    if (request.url.startsWith('/api/') || request.url.startsWith('/socket.io')) {
      return reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return true;
}
