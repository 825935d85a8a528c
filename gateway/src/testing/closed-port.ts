import { type AddressInfo, createServer } from 'node:net';

/** A port nothing listens on: a request there gets no answer, as without a network. */
export async function closedPort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
