import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { afterLogin } from '../features/auth/after-login.ts';
import type { User } from '../features/auth/types.ts';
import { type GuardContext, guard } from './guards.ts';

const user = (role: User['role']): User => ({
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  email_verified_at: null,
  has_password: true,
  role,
  profile: {
    id: 'u1',
    name: 'Ada',
    age: null,
    height: null,
    weight: null,
    weighed_on: null,
    activity_level: null,
    goals: [],
    birth_date: null,
    gender: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  },
  onboarding: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

function context(loaded: User | null, fetched: User | Error, token = true): GuardContext & { fetches: () => number } {
  let fetches = 0;
  return {
    isAuthenticated: () => loaded !== null && token,
    user: () => loaded,
    fetchUser: async () => {
      fetches += 1;
      if (fetched instanceof Error) throw fetched;
      return fetched;
    },
    fetches: () => fetches,
  };
}

describe('route guard', () => {
  it('lets anyone through an open route', async () => {
    assert.deepEqual(await guard('any', '/nowhere', context(null, new Error('x'))), { allow: true });
  });

  it('sends a signed-in user away from guest-only pages', async () => {
    assert.deepEqual(await guard('guest', '/login', context(user('user'), user('user'))), { redirect: '/dashboard' });
    assert.deepEqual(await guard('guest', '/login', context(null, new Error('x'))), { allow: true });
  });

  it('fetches the user for a signed-in route, and on failure says so and goes to login with the full target', async () => {
    const failed = new Error('401');
    const told: unknown[] = [];
    const missing = { ...context(null, failed), fetchFailed: (error: unknown) => told.push(error) };
    assert.deepEqual(await guard('user', '/workouts/abc?tab=sets#top', missing), {
      redirect: '/login?redirect=%2Fworkouts%2Fabc%3Ftab%3Dsets%23top',
    });
    assert.equal(missing.fetches(), 1);
    assert.deepEqual(told, [failed]);
    const found = context(null, user('user'));
    assert.deepEqual(await guard('user', '/workouts', found), { allow: true });
    const loaded = context(user('user'), new Error('never called'));
    assert.deepEqual(await guard('user', '/workouts', loaded), { allow: true });
    assert.equal(loaded.fetches(), 0);
  });

  it('admits admins to admin routes and sends others to the dashboard', async () => {
    assert.deepEqual(await guard('admin', '/admin', context(null, user('admin'))), { allow: true });
    assert.deepEqual(await guard('admin', '/admin', context(user('user'), user('user'))), { redirect: '/dashboard' });
    assert.deepEqual(await guard('admin', '/admin/users', context(null, new Error('401'))), {
      redirect: '/login?redirect=%2Fadmin%2Fusers',
    });
  });

  it('returns after login only to paths of this app', () => {
    assert.equal(afterLogin('?redirect=%2Fworkouts%2F1'), '/workouts/1');
    assert.equal(afterLogin(''), '/dashboard');
    assert.equal(afterLogin('?redirect=https%3A%2F%2Fevil.example'), '/dashboard');
    assert.equal(afterLogin('?redirect=%2F%2Fevil.example'), '/dashboard');
    assert.equal(afterLogin('?redirect=%2F%09%2Fevil.example'), '/dashboard');
    assert.equal(afterLogin('?redirect=%2F%5Cevil.example'), '/dashboard');
  });
});
