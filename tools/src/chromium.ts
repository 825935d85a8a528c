/**
 * Debian's Chromium, with the flags this machine needs (no sandbox as root, no network chatter):
 * the browser tests and the benches that drive a browser launch it alike.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
