/**
 * Push endpoints that point into the server's own network, each spelling of an address an
 * attacker might try: loopback (as a dotted quad, in hex, as one number, shortened, IPv6 and
 * IPv4-mapped IPv6, by name), the unspecified address, RFC 1918, cloud metadata (link-local),
 * CGNAT, ULA, IPv6 link-local and multicast. `port` is that of a local listener that must hear
 * nothing.
 */
export function inwardEndpoints(port: number) {
  return [
    `http://127.0.0.1:${port}/push/x`,
    `https://127.0.0.1:${port}/push/x`,
    `https://0x7f000001:${port}/push/x`,
    `https://2130706433:${port}/push/x`,
    `https://127.1:${port}/push/x`,
    `https://[::1]:${port}/push/x`,
    `https://[::ffff:127.0.0.1]:${port}/push/x`,
    `https://localhost:${port}/push/x`,
    `https://0.0.0.0:${port}/push/x`,
    'https://10.1.2.3/push/x',
    'https://172.16.0.1/push/x',
    'https://192.168.0.1/push/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/push/x',
    'https://[fd00::1]/push/x',
    'https://[fe80::1]/push/x',
    'https://224.0.0.1/push/x',
  ];
}
