export * from './api-docs.ts';
export * from './authentication.ts';
export * from './errors.ts';
export * from './http-app.ts';
export * from './language.ts';
export * from './server-process.ts';
export * from './service-app.ts';
export * from './validation.ts';
