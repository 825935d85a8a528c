import Fastify from 'fastify';

/**
 * A bare Fastify route in its own process, as the product's server runs in its own: it parses
 * a JSON body and answers 201. Prints its port on stdout.
 */
const app = Fastify();
app.post('/echo', async (request, reply) => reply.status(201).send({ received: request.body }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
console.log(address.port);
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
