import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../src/client";
import { newId } from "../src/ids";
import { withoutQueryValues } from "../src/query-errors";
import * as schema from "../src/schema/index";
import { createTestDatabase } from "../src/testing";

const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtdmFsdWU";

/** Everything a logger or console.error could print of an error, hidden properties and causes included. */
const everything = (error: unknown) => inspect(error, { showHidden: true, depth: 10 });

/** A failed query of whichever driver the tests run on (PGlite, or PostgreSQL through postgres.js). */
describe("withoutQueryValues", () => {
  let handle: DatabaseHandle;
  const takenEmail = `taken-${crypto.randomUUID().slice(0, 8)}@example.com`;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.insert(schema.users).values({ id: newId("user"), email: takenEmail, passwordHash: HASH });
  });
  afterAll(() => handle.close());

  async function failedInsert(email: string): Promise<Error> {
    try {
      await handle.db.insert(schema.users).values({ id: newId("user"), email, passwordHash: HASH });
    } catch (error) {
      return error as Error;
    }
    throw new Error("the insert went in");
  }

  it.each([
    ["a check violation", () => "Mixed.Case@Example.com", "users_email_lowercase_check", "23514"],
    ["a unique violation", () => takenEmail, "users_email_key", "23505"],
  ])("takes the values out of %s and keeps what says what failed", async (_name, email, constraint, code) => {
    const error = await failedInsert(email());
    // The raw error carries them (the leak this guards against).
    expect(everything(error)).toContain(email());
    expect(everything(error)).toContain(HASH);

    const safe = withoutQueryValues(error);
    const printed = everything(safe);
    expect(printed).not.toContain(email());
    expect(printed).not.toContain(HASH);
    expect(JSON.stringify(safe)).not.toContain(email());
    expect(safe).toBeInstanceOf(error.constructor);
    expect(safe.message).toMatch(/^Failed query: insert into "users"/);
    expect(safe.stack).toContain(safe.message);
    const cause = safe.cause as Record<string, unknown>;
    expect(cause.code).toBe(code);
    expect(printed).toContain(constraint);
  });

  it("leaves other errors as they were", () => {
    const plain = new Error("something else", { cause: new Error("below") });
    const safe = withoutQueryValues(plain);
    expect(safe.message).toBe("something else");
    expect(safe.stack).toBe(plain.stack);
    expect((safe.cause as Error).message).toBe("below");
    expect(withoutQueryValues("a string")).toBe("a string");
    expect(withoutQueryValues(undefined)).toBeUndefined();
  });
});
