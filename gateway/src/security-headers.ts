import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@fitness/platform/config.ts';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { DIST } from './frontend.ts';

/**
 * The headers every answer carries, API and web app alike: a strict Content-Security-Policy (our
 * own scripts only, and the inline theme script of index.html by its hash, so an injected script
 * cannot read the token in localStorage), no framing, no MIME sniffing, no referrer leaving the
 * site (reset links carry tokens), and HSTS when APP_URL is https.
 *
 * helmet decides them, once: its headers depend on nothing of a request, so they are asked for
 * at start and set on every answer as they are. (@fastify/helmet built a new helmet middleware
 * per request, parsing the whole policy again; calling one built once still ran its dozen
 * header functions per request, on the command path too.)
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config, dist = DIST) {
  const headers = securityHeaders(config, dist);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets, for this configuration and build. */
function securityHeaders(config: Config, dist = DIST) {
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
  // helmet writes to a response and reads nothing of the request: this one keeps what it wrote.
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  applyHeaders({} as never, response as never, (error) => {
    if (error) throw error;
  });
  return headers;
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
