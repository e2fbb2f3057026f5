import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRoundRobin, takeTurn } from "../../src/inbox/round-robin";

let handle: DatabaseHandle;
const accountId = newId("account");
const numberId = newId("number");
const memberIds: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  await db.insert(schema.accounts).values({ id: accountId, companyName: "RR", email: "rr@example.com" });
  for (let i = 0; i < 3; i++) {
    const id = newId("user");
    memberIds.push(id);
    await db
      .insert(schema.users)
      .values({ id, email: `rr-${i}-${id}@example.com`, firstName: `M${i}`, lastName: "" });
    await db.insert(schema.accountMemberships).values({
      accountId,
      userId: id,
      role: i === 0 ? "owner" : "member",
      createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
    });
  }
  await db.insert(schema.phoneNumbers).values({ id: numberId, accountId, e164: "+15550009900" });
});

afterAll(async () => {
  await handle?.close();
});

describe("round robin", () => {
  it("gives nobody a turn while off", async () => {
    const turn = await handle.db.transaction((tx) => takeTurn(tx, accountId, numberId, new Date()));
    expect(turn).toBeNull();
  });

  it("refuses another account's number", async () => {
    expect(await setRoundRobin(handle.db, newId("account"), numberId, true, new Date())).toBe(false);
    const rows = await handle.db.select().from(schema.inboxRoundRobin);
    expect(rows).toEqual([]);
  });

  it("takes turns in joining order, wrapping round, and each of 30 concurrent arrivals gets its own turn", async () => {
    expect(await setRoundRobin(handle.db, accountId, numberId, true, new Date())).toBe(true);
    const sequential: string[] = [];
    for (let i = 0; i < 4; i++) {
      const turn = await handle.db.transaction((tx) => takeTurn(tx, accountId, numberId, new Date()));
      sequential.push(turn?.id ?? "none");
    }
    expect(sequential).toEqual([memberIds[0], memberIds[1], memberIds[2], memberIds[0]]);

    // Concurrent: the number's row lock makes the cursor move once per arrival, so 30 arrivals
    // split exactly 10 per member (on PostgreSQL with a pool of connections, truly at once).
    const turns = await Promise.all(
      Array.from({ length: 30 }, () =>
        handle.db.transaction((tx) => takeTurn(tx, accountId, numberId, new Date())),
      ),
    );
    const counts = new Map<string, number>();
    for (const turn of turns) counts.set(turn?.id ?? "none", (counts.get(turn?.id ?? "none") ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({
      [memberIds[0] as string]: 10,
      [memberIds[1] as string]: 10,
      [memberIds[2] as string]: 10,
    });
    const [rule] = await handle.db
      .select()
      .from(schema.inboxRoundRobin)
      .where(and(eq(schema.inboxRoundRobin.phoneNumberId, numberId)));
    // 34 turns in all: the k-th went to member (k - 1) mod 3, so the 34th to the first.
    expect(rule?.lastAssigneeId).toBe(memberIds[(34 - 1) % 3]);
  });
});
