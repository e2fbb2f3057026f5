import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/http/logging";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { registration } from "../auth/helpers";

/** Waits for a condition, polling, until a deadline. */
async function waitFor(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the log line");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("a failed query in the log", () => {
  let t: TestApp;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });

  beforeAll(async () => {
    t = await createTestApp({ log: createLogger("info", sink) });
    // The database refuses this one registration, as it would any row that breaks a rule: the
    // users insert (e-mail, argon2id hash) fails inside the route.
    await t.db.db.execute(
      sql.raw(`alter table users add constraint test_refuses_grace check (first_name <> 'Grace')`),
    );
  });
  afterAll(() => t.close());

  it("says what failed, never with the query's values (the e-mail, the password hash)", async () => {
    const body = registration({ firstName: "Grace", lastName: "Hopper" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: TEST_ORIGIN },
      payload: body,
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toMatchObject({ code: "INTERNAL", requestId: expect.any(String) });

    await waitFor(() => lines.some((line) => line.includes("unhandled error")));
    const log = lines.join("");
    expect(log).toContain("test_refuses_grace");
    expect(log).toContain(res.json().error.requestId);
    expect(log).not.toContain(body.email);
    expect(log).not.toContain("$argon2");
    expect(log).not.toContain(body.password);
    expect(log).not.toContain("Hopper");
  });
});
