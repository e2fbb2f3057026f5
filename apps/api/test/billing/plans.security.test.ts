import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let owner: TestUser;
let stranger: SignedIn;
let member: SignedIn;
let invoiceId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  stranger = await signIn(t, await createUser(t));
  // A member (not an owner or admin) of the owner's account.
  const memberUser = await createUser(t);
  await t.db.db.delete(schema.accountMemberships).where(eq(schema.accountMemberships.userId, memberUser.id));
  await t.db.db
    .insert(schema.accountMemberships)
    .values({ accountId: owner.accountId, userId: memberUser.id, role: "member" });
  member = await signIn(t, memberUser);
  invoiceId = newId("invoice");
  await t.db.db.insert(schema.invoices).values({
    id: invoiceId,
    accountId: owner.accountId,
    invoiceNumber: "INV-000001",
    issueDate: "2026-11-01",
    dueDate: "2026-11-01",
    totalAmountCents: 2499,
  });
});
afterAll(() => t.close());

describe("billing plan, usage, spend guard and invoice PDF: who may", () => {
  it.each([
    "/api/billing/plan",
    "/api/billing/usage",
    "/api/billing/spend-guard",
    "/api/billing/invoices/inv_x/pdf",
  ])("anonymous GET %s is 401", async (url) => {
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });

  it("another account's invoice is 404, as one that does not exist", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/billing/invoices/${invoiceId}/pdf`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Invoice not found");
  });

  it("a member may neither read the invoice nor change the spend guard (billing is the owner's and admins')", async () => {
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/billing/invoices/${invoiceId}/pdf`,
          headers: member.headers,
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/billing/spend-guard",
      headers: member.headers,
      payload: {
        autoRechargeEnabled: true,
        autoRechargeThresholdCents: 500,
        autoRechargeAmountCents: 2500,
        monthlySpendCapCents: null,
      },
    });
    expect(res.statusCode).toBe(403);
    const rows = await t.db.db.select().from(schema.spendGuards);
    expect(rows).toHaveLength(0);
  });
});
