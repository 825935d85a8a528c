/** The user as the API returns it (GET /auth/me, login, register), from the shared contracts. */
export type { User } from '@fitness/contracts';

export type Credentials = { email: string; password: string; remember: boolean };
export type Registration = { name: string; email: string; password: string; password_confirmation: string };
