export { buildCommandServiceApp } from './app.ts';
export { CommandHandler } from './core/command-handler.ts';
export { commandRoutes } from './routes.ts';
export { openServiceApp } from './service-app.ts';
export {
  type CommandServices,
  createCommandServices,
  finishErasures,
  goneSubscriptionRecorder,
  seedCatalogues,
  sendWeeklyReports,
  sessionTokenWrites,
} from './services.ts';
export { AccountErasure } from './users/account-deletion/erasure.ts';
export { AdminSeats } from './users/admins/admin-seats.ts';
export { userDecider } from './users/decide.ts';
export { userIdOfEmail } from './users/sign-in/email-claims.ts';
export { userRoles } from './users/user-roles.ts';
export { workoutDecider } from './workouts/decide.ts';
