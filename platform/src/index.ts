export * from './authentication.ts';
export * from './errors.ts';
export * from './http-app.ts';
export * from './tokens.ts';
export * from './validation.ts';
