export { attachLiveChannel, type ChangeSource } from './live/live-channel.ts';
export { queryRoutes } from './routes.ts';
export type { QueryServices } from './services.ts';
