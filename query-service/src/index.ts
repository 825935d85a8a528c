export { buildQueryServiceApp } from './app.ts';
export { attachLiveChannel, type ChangeSource } from './live/live-channel.ts';
export { ReadStoreChangeFeed } from './live/read-store-change-feed.ts';
export { queryRoutes } from './routes.ts';
export { createQueryServices, type QueryServices } from './services.ts';
