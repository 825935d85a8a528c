/** The slice of pino the runner logs through (Fastify's logger satisfies it). */
export type Logger = {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
};

export const silentLogger: Logger = { info() {}, error() {} };
