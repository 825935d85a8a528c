import { isIP } from 'node:net';

/**
 * The settings whose rule is more than a type and a range, each as an ajv format: a check, and
 * the rule as told to whoever set it (after its name, before what they wrote).
 */
export const ENVIRONMENT_FORMATS = {
  /** An http(s) origin with no path, so paths can be appended to it. */
  'http-origin': { check: isHttpOrigin, rule: 'must be an http(s) URL with no path, like http://host:3001' },
  /** One http(s) origin or several, comma separated (the replicas a gateway spreads over). */
  'http-origin-list': {
    check: (value: string) => commaList(value).every(isHttpOrigin),
    rule: 'must be an http(s) URL with no path, like http://host:3001, or several, comma separated',
  },
  /** The address people reach the web app at: links in mails and Google's redirect point there. */
  'app-url': {
    check: (value: string) => {
      const url = URL.parse(value);
      return url !== null && isHttp(url) && !url.search && !url.hash;
    },
    rule: 'must be an http(s) URL like https://fitness.example.com',
  },
  'http-url': {
    check: (value: string) => {
      const url = URL.parse(value.trim());
      return value.trim() === '' || (url !== null && isHttp(url));
    },
    rule: 'must be an http(s) URL',
  },
  /** smtp(s)://user:pass@host:port, as nodemailer reads it; blank is no SMTP. */
  'smtp-url': {
    check: (value: string) => {
      const url = URL.parse(value.trim());
      return value.trim() === '' || (url !== null && (url.protocol === 'smtp:' || url.protocol === 'smtps:'));
    },
    rule: 'must look like smtp://user:password@host:587 or smtps://…',
  },
  'email-address': {
    check: (value: string) => value.trim() === '' || /^[^\s@<>]+@[^\s@<>]+$/.test(value.trim()),
    rule: 'must be an email address',
  },
  /** Comma separated IP addresses or CIDR ranges (10.0.0.0/8, fd00::/8). */
  'ip-range-list': {
    check: (value: string) => commaList(value).every(isAddressOrRange),
    rule: 'must list IP addresses or CIDR ranges like 10.0.0.0/8',
  },
} satisfies Record<string, { check: (value: string) => boolean; rule: string }>;

export type EnvironmentFormat = keyof typeof ENVIRONMENT_FORMATS;

/** A comma-separated setting's entries, trimmed, empty ones left out. */
export function commaList(value: string) {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** An http(s) origin as written, without a trailing slash (http://host:3001/ is http://host:3001). */
export function originOf(value: string) {
  return new URL(value).origin;
}

function isHttp(url: URL) {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

function isHttpOrigin(value: string) {
  const url = URL.parse(value);
  return url !== null && isHttp(url) && url.pathname === '/' && !url.search;
}

function isAddressOrRange(entry: string) {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  const maxBits = version === 6 ? 128 : 32;
  const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
  return version !== 0 && validBits && rest.length === 0;
}
