export * from './api-docs.ts';
export * from './authentication.ts';
export * from './errors.ts';
export * from './http-app.ts';
export * from './server-process.ts';
export * from './service-app.ts';
export * from './tokens.ts';
export * from './validation.ts';
