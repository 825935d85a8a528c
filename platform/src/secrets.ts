import { createHmac, generateKeyPairSync, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's own secrets: the key that signs links and sign-in flows, and the VAPID key pair
 * web push identifies us with. Made on first start and kept in `DATA_DIR/secrets.json` (readable
 * by the owner only), so links mailed yesterday still verify and browsers' push subscriptions
 * survive a restart. APP_KEY, VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY override the file; a
 * deployment of several processes sets them (or shares the data directory) so all agree.
 */
export type ServerSecrets = {
  /** base64url, 32 random bytes: HMAC key for signed links and state cookies. */
  appKey: string;
  /** base64url of the uncompressed P-256 public point (65 bytes), as browsers expect it. */
  vapidPublicKey: string;
  /** base64url of the P-256 private scalar (32 bytes). */
  vapidPrivateKey: string;
};

const FILE = 'secrets.json';

export function loadOrCreateSecrets(dataDir: string, env: Record<string, string | undefined> = process.env) {
  const stored = readOrCreate(dataDir);
  return {
    appKey: env.APP_KEY?.trim() || stored.appKey,
    vapidPublicKey: env.VAPID_PUBLIC_KEY?.trim() || stored.vapidPublicKey,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY?.trim() || stored.vapidPrivateKey,
  } satisfies ServerSecrets;
}

function readOrCreate(dataDir: string): ServerSecrets {
  const file = path.join(dataDir, FILE);
  const existing = readSecrets(file);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  // Written whole under a name of its own, then linked into place: the link fails when the file
  // exists, so processes starting on one data directory at once keep the first one's secrets,
  // and none of them can read a file another has only begun to write.
  const draft = `${file}.${process.pid}.${randomUUID()}`;
  fs.writeFileSync(draft, `${JSON.stringify(newSecrets(), null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const written = readSecrets(file);
  if (!written) throw new Error(`${file} holds no usable secrets; remove it to make new ones`);
  return written;
}

function readSecrets(file: string): ServerSecrets | null {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(raw) as Partial<ServerSecrets>;
  if (!parsed.appKey || !parsed.vapidPublicKey || !parsed.vapidPrivateKey) return null;
  return parsed as ServerSecrets;
}

export function newSecrets(): ServerSecrets {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(String(pub.x), 'base64url'),
    Buffer.from(String(pub.y), 'base64url'),
  ]);
  return {
    appKey: randomBytes(32).toString('base64url'),
    vapidPublicKey: point.toString('base64url'),
    vapidPrivateKey: String(priv.d),
  };
}

/**
 * Signs and checks small payloads (a verification link, a sign-in flow's cookie) with the app
 * key: `<payload base64url>.<HMAC-SHA256 base64url>`. The purpose is part of what is signed, so a
 * value signed for one use is refused for another.
 */
export class Signer {
  private readonly key: Buffer;

  constructor(appKey: string) {
    this.key = Buffer.from(appKey, 'base64url');
  }

  sign(purpose: string, payload: object): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(purpose, body)}`;
  }

  /** The payload, or null when the value was not signed by us for this purpose. */
  verify<T extends object>(purpose: string, value: string): T | null {
    const [body, mac, extra] = value.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(purpose, body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      return payload && typeof payload === 'object' ? (payload as T) : null;
    } catch {
      return null;
    }
  }

  private mac(purpose: string, body: string) {
    return createHmac('sha256', this.key).update(`${purpose}\n${body}`).digest('base64url');
  }
}
