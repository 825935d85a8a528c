/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { type ProviderContext } from 'oidc-provider';

/** Someone who can sign in at the local provider. */
export type LocalAccount = { subject: string; email: string; emailVerified: boolean; name?: string };

export type LocalProvider = Awaited<ReturnType<typeof startLocalProvider>>;

/**
 * A real OpenID Connect provider (oidc-provider) on a free local port, standing in for
 * https://accounts.google.com: discovery, PKCE, signed ID tokens with email and email_verified
 * (in the ID token, as Google puts them). Its sign-in page asks for an email address and signs in
 * the account holding it; "Cancel" answers the client with access_denied. Consent is implied, as
 * for Google's own first-party clients.
 */
export async function startLocalProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: LocalAccount[];
}) {
  const accounts = [...options.accounts];
  let provider: Provider | null = null;
  const server = createServer((request, response) => {
    if (!provider) throw new Error('the provider is not set up yet');
    if (request.url?.startsWith('/interaction/')) {
      interact(provider, request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    provider.callback()(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const issuer = `http://127.0.0.1:${address.port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'local', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['local provider cookie key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the email claims in the ID token itself, not only behind the userinfo endpoint.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: async (_context: unknown, subject: string) => {
      const account = accounts.find((candidate) => candidate.subject === subject);
      if (!account) return undefined;
      return {
        accountId: subject,
        claims: () => ({
          sub: subject,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name && { name: account.name }),
        }),
      };
    },
    loadExistingGrant: async (context: ProviderContext & { oidc: { provider: Provider } }) => {
      const { client, session, result } = context.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return context.oidc.provider.Grant.find(grantId);
      const grant = new context.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  async function interact(oidc: Provider, request: IncomingMessage, response: ServerResponse) {
    const details = await oidc.interactionDetails(request, response);
    if (request.method === 'GET') return page(response, details.uid, '');
    const form = new URLSearchParams(await bodyOf(request));
    if (form.has('cancel')) {
      return oidc.interactionFinished(request, response, {
        error: 'access_denied',
        error_description: 'The user cancelled the sign-in.',
      });
    }
    const email = form.get('email')?.trim().toLowerCase() ?? '';
    const account = accounts.find((candidate) => candidate.email.toLowerCase() === email);
    if (!account) return page(response, details.uid, `No account has the address ${email}.`);
    return oidc.interactionFinished(
      request,
      response,
      { login: { accountId: account.subject } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    issuer,
    /** Someone else who can sign in from now on. */
    addAccount(account: LocalAccount) {
      accounts.push(account);
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

function page(response: ServerResponse, uid: string, problem: string) {
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.end(`<!doctype html><html lang="en"><head><title>Local provider: sign in</title></head><body>
<h1>Sign in to the local provider</h1>
${problem ? `<p role="alert">${problem.replace(/[<>&"]/g, '')}</p>` : ''}
<form method="post" action="/interaction/${uid}">
<label>Email <input name="email" type="email" autocomplete="off"></label>
<button type="submit">Sign in</button>
<button type="submit" name="cancel" value="1" formnovalidate>Cancel</button>
</form></body></html>`);
}

async function bodyOf(request: IncomingMessage) {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/**
 * Goes through the provider's pages as a browser would, without one: follows the authorization
 * URL, signs in as `email` (or cancels), and answers the query the provider sends back to the
 * redirect URI. Cookies are kept per sign-in, as a browser would for the provider's origin.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  redirectUri: string,
  choice: { email: string } | 'cancel',
) {
  const cookies = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  let url = authorizationUrl;
  for (let step = 0; step < 10; step++) {
    if (url.startsWith(redirectUri)) return new URL(url).searchParams;
    const response = await request(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    if (!new URL(url).pathname.startsWith('/interaction/')) {
      throw new Error(`the provider answered ${response.status} at ${url}: ${await response.text()}`);
    }
    await response.text();
    const form: Record<string, string> = choice === 'cancel' ? { cancel: '1' } : { email: choice.email };
    const submitted = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const next = submitted.headers.get('location');
    if (!next) throw new Error(`signing in at the provider answered ${submitted.status}: ${await submitted.text()}`);
    url = new URL(next, url).href;
  }
  throw new Error('the provider never sent the browser back');
}
