import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import staticFiles from '@fastify/static';
import { DEFAULT_SYSTEM_SETTINGS, type SiteInfo } from '@fitness/contracts';
import { answerNoRoute } from '@fitness/platform/method-not-allowed.ts';
import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';

export const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../frontend/dist');

/**
 * Serves the built web app (frontend/dist) on the API's origin: its files, the service worker
 * at /sw.js, and index.html for every other page path so client-side routes load directly.
 * The page and the manifest carry the site name an admin set (asked of the API's own GET /site).
 * Returns false when there is no build.
 */
export async function registerFrontend(app: FastifyInstance, dist = DIST) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) return false;
  const page = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifestFile = path.join(dist, 'manifest.webmanifest');
  const manifest = fs.existsSync(manifestFile) ? fs.readFileSync(manifestFile, 'utf8') : null;
  const siteName = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/site' });
    return response.statusCode === 200 ? (response.json() as SiteInfo).site_name : DEFAULT_SYSTEM_SETTINGS.siteName;
  };
  const renderPage = async () => {
    const name = escapeHtml(await siteName());
    return page
      .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
      .replace(`${DEFAULT_SYSTEM_SETTINGS.siteName} needs JavaScript`, `${name} needs JavaScript`);
  };
  await app.register(staticFiles, {
    root: dist,
    wildcard: false,
    index: false,
    // The build writes file.br and file.gz beside each compressible file: the variant the browser
    // accepts is sent (brotli, then gzip, else the file itself), with Vary: Accept-Encoding.
    preCompressed: true,
    // These two carry the site name, so they are rendered below rather than sent as they are;
    // the compressed variants are only ever sent in place of their file.
    globIgnore: ['index.html', 'manifest.webmanifest', '**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, file) => reply.header('Cache-Control', cacheControlFor(path.relative(dist, file))),
  });
  if (manifest) {
    app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
      const name = await siteName();
      const fields = JSON.parse(manifest) as Record<string, unknown>;
      const named = (value: unknown) =>
        typeof value === 'string' ? value.replace(DEFAULT_SYSTEM_SETTINGS.siteName, name) : name;
      return reply
        .header('Cache-Control', 'no-cache')
        .type('application/manifest+json')
        .send(JSON.stringify({ ...fields, name: named(fields.name), short_name: named(fields.short_name) }));
    });
  }
  // Every file of the build has its own route above; what reaches this one is a page path.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // A module script must never be answered with the page: a chunk an older page asks for after
    // a deploy is simply gone (the page then offers a reload).
    if (request.url.startsWith('/api/') || request.url.startsWith('/socket.io') || request.url.startsWith('/assets/')) {
      return answerNoRoute(request, reply);
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await renderPage());
  });
  return true;
}

/** Vite fingerprints what it puts in assets/, so those never change; everything else (sw.js above all) must revalidate. */
function cacheControlFor(file: string) {
  return file.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
