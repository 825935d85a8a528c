import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer goes as it is: compressing it would save next to nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The API's answers (/api/…) of 1 KB and more are sent brotli- or gzip-compressed, as the
 * client's Accept-Encoding asks (brotli first, at @fastify/compress's quality 4, cheap per
 * request). Nothing else is: the web app's files are compressed once at build time and served
 * as their .br/.gz, and socket.io compresses its own long-polling answers. Request bodies are
 * not decompressed: a body is read and bounded as it came.
 * The plugin fits each route as it is declared: a route declared on the root before the app's
 * first await (the health checks, small answers) is not fitted.
 */
export function registerResponseCompression(app: FastifyInstance) {
  // Runs before the plugin's own onRoute hook (added when the plugin loads), which skips a route set to false.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress ??= false;
  });
  app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    globalDecompression: false,
  });
}
