import { check, fail, sleep } from 'k6';
import http from 'k6/http';
import { API, PASSWORD, RUN_ID, USERS } from './config.js';

/** Registration and sign-in are rate limited: on 429, wait as long as Retry-After says (a few times). */
function patiently(send) {
  let response = send();
  for (let attempt = 0; attempt < 5 && response.status === 429; attempt++) {
    sleep(Number(response.headers['Retry-After'] || 10));
    response = send();
  }
  return response;
}

function signIn(email) {
  const response = patiently(() =>
    http.post(`${API}/auth/login`, JSON.stringify({ email, password: PASSWORD }), {
      headers: { 'Content-Type': 'application/json' },
      tags: { name: 'POST /auth/login' },
    }),
  );
  return response.status === 200 ? response : null;
}

/**
 * Registers USERS accounts for this run (signing in instead when one exists already, as on a
 * rerun with the same RUN_ID). Called from setup(): once per test, not per iteration.
 */
export function registerUsers(count = USERS) {
  // A 429 the retries absorb is no failed request of the test: setup is not what is measured.
  http.setResponseCallback(http.expectedStatuses({ min: 200, max: 399 }, 429));
  const users = [];
  for (let i = 0; i < count; i++) {
    const email = `k6-${RUN_ID}-${i}@example.com`;
    const body = { name: `k6 user ${i}`, email, password: PASSWORD, password_confirmation: PASSWORD };
    let response = patiently(() =>
      http.post(`${API}/auth/register`, JSON.stringify(body), {
        headers: { 'Content-Type': 'application/json' },
        tags: { name: 'POST /auth/register' },
      }),
    );
    if (response.status !== 201) response = signIn(email) || response;
    const ok = check(response, { 'signed up or in': (r) => r.status === 201 || r.status === 200 });
    if (!ok) fail(`could not register or sign in ${email}: ${response.status} ${response.body}`);
    users.push({ email, token: response.json().token });
  }
  http.setResponseCallback(http.expectedStatuses({ min: 200, max: 399 }));
  return users;
}

/** The account this VU uses: VUs share the accounts round robin. */
export function userOf(data) {
  return data.users[(__VU - 1) % data.users.length];
}
