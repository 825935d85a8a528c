import { check, fail } from 'k6';
import http from 'k6/http';
import { API, PASSWORD, RUN_ID, USERS } from './config.js';

function signIn(email) {
  const response = http.post(`${API}/auth/login`, JSON.stringify({ email, password: PASSWORD }), {
    headers: { 'Content-Type': 'application/json' },
    tags: { name: 'POST /auth/login' },
  });
  return response.status === 200 ? response : null;
}

/**
 * Registers USERS accounts for this run (signing in instead when one exists already, as on a
 * rerun with the same RUN_ID). Called from setup(): once per test, not per iteration.
 */
export function registerUsers(count = USERS) {
  const users = [];
  for (let i = 0; i < count; i++) {
    const email = `k6-${RUN_ID}-${i}@example.com`;
    const body = { name: `k6 user ${i}`, email, password: PASSWORD, password_confirmation: PASSWORD };
    let response = http.post(`${API}/auth/register`, JSON.stringify(body), {
      headers: { 'Content-Type': 'application/json' },
      tags: { name: 'POST /auth/register' },
    });
    if (response.status !== 201) response = signIn(email) || response;
    const ok = check(response, { 'signed up or in': (r) => r.status === 201 || r.status === 200 });
    if (!ok) fail(`could not register or sign in ${email}: ${response.status} ${response.body}`);
    users.push({ email, token: response.json().token });
  }
  return users;
}

/** The account this VU uses: VUs share the accounts round robin. */
export function userOf(data) {
  return data.users[(__VU - 1) % data.users.length];
}
