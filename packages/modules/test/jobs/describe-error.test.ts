import { describeError } from "@poundline/platform/queue/failed-jobs";
import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";

/** What failed_jobs.error keeps of a failure (admins read it). */
describe("describeError", () => {
  it("keeps the failed query's SQL and stack, never its values", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        detail: "Key (email)=(grace@example.com) already exists.",
      },
    );
    const failure = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ["grace@example.com", "$argon2id$v=19$secret"],
      cause,
    );
    const text = describeError(failure);
    expect(text).toMatch(/^Error: Failed query: insert into "users"/);
    expect(text).toContain("at ");
    expect(text).not.toContain("grace@example.com");
    expect(text).not.toContain("$argon2id");
  });

  it("describes anything else as before", () => {
    expect(describeError("rating service down")).toBe("rating service down");
    expect(describeError(new Error("boom"))).toMatch(/^Error: boom\n/);
  });
});
