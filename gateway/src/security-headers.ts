import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@fitness/contracts';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { DIST } from './frontend.ts';

/**
 * The headers every answer carries, API and web app alike: a strict Content-Security-Policy (our
 * own scripts only, and the inline theme script of index.html by its hash, so an injected script
 * cannot read the token in localStorage), no framing, no MIME sniffing, no referrer leaving the
 * site (reset links carry tokens), and HSTS when APP_URL is https.
 *
 * helmet itself, built once: @fastify/helmet builds a new helmet middleware, parsing the whole
 * policy again, for every request, which cost the command path several percent of its time.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config, dist = DIST) {
  const https = new URL(config.publicUrl).protocol === 'https:';
  // 'self' covers ws(s) to the same origin in today's browsers; the explicit origin is for the others.
  const liveOrigin = config.publicUrl.replace(/^http/, 'ws');
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(dist)],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", liveOrigin],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}

/** 'sha256-…' of each inline script in the built index.html, as the browser hashes them. */
function inlineScriptHashes(dist: string) {
  const file = path.join(dist, 'index.html');
  if (!fs.existsSync(file)) return [];
  const page = fs.readFileSync(file, 'utf8');
  return [...page.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}
