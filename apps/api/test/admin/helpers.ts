import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

export interface AdminTestEnv {
  t: TestApp;
  /** A platform administrator (two-factor on), signed in as `adminSession`. */
  admin: TestUser;
  adminSession: SignedIn;
  /** A request as the administrator. */
  send(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ): ReturnType<TestApp["app"]["inject"]>;
}

/**
 * The file's app and signed-in administrator: started before its tests, closed after them. The
 * fields are filled once `beforeAll` has run, so read them inside tests and hooks.
 */
export function useAdminTestApp(): AdminTestEnv {
  const env = {
    send: (method, url, payload) =>
      env.t.app.inject({ method, url, headers: env.adminSession.headers, ...(payload ? { payload } : {}) }),
  } as AdminTestEnv;
  beforeAll(async () => {
    env.t = await createTestApp();
    env.admin = await createUser(env.t, { admin: true });
    env.adminSession = await signIn(env.t, env.admin);
  });
  afterAll(() => env.t.close());
  return env;
}
