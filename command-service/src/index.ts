export { buildCommandServiceApp } from './app.ts';
export { CommandHandler } from './core/command-handler.ts';
export { commandRoutes } from './routes.ts';
export {
  type CommandServices,
  createCommandServices,
  finishErasures,
  goneSubscriptionRecorder,
  seedCatalogues,
  sendWeeklyReports,
  sessionTokenWrites,
} from './services.ts';
export { Accounts } from './users/accounts.ts';
export { userDecider } from './users/decide.ts';
export { AccountErasure } from './users/erasure.ts';
export { workoutDecider } from './workouts/decide.ts';
