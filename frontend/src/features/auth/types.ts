/** The user as the API returns it (GET /auth/me, login, register). */
export type User = {
  id: string;
  name: string;
  email: string;
  email_verified_at: string | null;
  role: 'admin' | 'user';
  profile: { id: string; name: string } & Record<string, unknown>;
  created_at: string;
  updated_at: string;
};

export type Credentials = { email: string; password: string; remember: boolean };
export type Registration = { name: string; email: string; password: string; password_confirmation: string };
