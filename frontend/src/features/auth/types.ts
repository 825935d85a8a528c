/** The user as the API returns it (GET /auth/me, login, register), from the shared contracts. */
export type { User } from '@fitness/contracts';
