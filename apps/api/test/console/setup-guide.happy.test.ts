import type { SetupStepKey } from "@poundline/contracts/console/setup-guide-schemas";
import { newId, schema } from "@poundline/db";
import { TEST_CALL_WORDS } from "@poundline/modules/console/setup-guide";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addCall, addNumber, fundWallet } from "./seed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let serial = 0;
const nextNumber = () => `+1305555${String(1000 + (serial++ % 9000)).padStart(4, "0")}`;

async function freshAccount(): Promise<{ owner: TestUser; session: SignedIn }> {
  const owner = await createUser(t);
  return { owner, session: await signIn(t, owner) };
}

async function guide(session: SignedIn) {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/console/setup-guide",
    headers: session.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    steps: { key: SetupStepKey; done: boolean }[];
    allDone: boolean;
    dismissed: boolean;
    testCall: { via: string; number: string | null };
  }>();
}

const ticked = async (session: SignedIn) =>
  (await guide(session)).steps.filter((s) => s.done).map((s) => s.key);

/** What each step's row is: written straight into the database, as the screens that do it would. */
const makeRows: Record<SetupStepKey, (accountId: string) => Promise<unknown>> = {
  number: (accountId) => addNumber(t, accountId, nextNumber(), { e911: false }),
  e911: (accountId) => addNumber(t, accountId, nextNumber(), { e911: true }),
  hours: async (accountId) => {
    const phoneNumberId = await addNumber(t, accountId, nextNumber(), { e911: true });
    await t.db.db.insert(schema.numberRouting).values({ phoneNumberId, accountId });
  },
  greeting: (accountId) =>
    t.db.db.insert(schema.ivrMenus).values({ id: newId("ivrMenu"), accountId, name: "Main menu" }),
  people: (accountId) =>
    t.db.db
      .insert(schema.extensions)
      .values({ id: newId("extension"), accountId, extensionNumber: 101, name: "Front desk" }),
  test_call: (accountId) => addCall(t, accountId, new Date(), 0, { answeredAt: new Date() }),
  widget: (accountId) =>
    t.db.db.insert(schema.widgetConfigurations).values({
      id: newId("widget"),
      accountId,
      name: "Site",
      publicKey: `wpk_${crypto.randomUUID().replaceAll("-", "")}`,
    }),
};

/** Steps a row ticks besides its own (an E911 address needs a number). */
const alsoTicks: Partial<Record<SetupStepKey, SetupStepKey[]>> = {
  e911: ["number"],
  hours: ["number", "e911"],
};

describe("the setup guide", () => {
  it("shows a new account every step undone, the simulator as the way to test, and not dismissed", async () => {
    const { session } = await freshAccount();
    const body = await guide(session);
    expect(body.steps.map((s) => s.key)).toEqual([
      "number",
      "e911",
      "hours",
      "greeting",
      "people",
      "test_call",
      "widget",
    ]);
    expect(body.steps.every((s) => !s.done)).toBe(true);
    expect(body).toMatchObject({
      allDone: false,
      dismissed: false,
      testCall: { via: "simulator", number: null },
    });
  });

  it.each(Object.keys(makeRows) as SetupStepKey[])("ticks %s from the account's own rows", async (key) => {
    const { owner, session } = await freshAccount();
    await makeRows[key](owner.accountId);
    expect((await ticked(session)).sort()).toEqual([key, ...(alsoTicks[key] ?? [])].sort());
  });

  it("ticks people for a colleague as well as for an extension", async () => {
    const { owner, session } = await freshAccount();
    await createMember(t, owner.accountId, "member");
    expect(await ticked(session)).toEqual(["people"]);
  });

  it("leaves E911 undone while one of the numbers has no address", async () => {
    const { owner, session } = await freshAccount();
    await addNumber(t, owner.accountId, nextNumber(), { e911: true });
    await addNumber(t, owner.accountId, nextNumber(), { e911: false });
    expect(await ticked(session)).toEqual(["number"]);
  });

  it.each([
    ["unanswered", { callStatus: "no-answer" as const }],
    ["a leg of another call", { answeredAt: new Date(), parentCallSid: "CA_parent" }],
  ])("does not count %s as the test call", async (_name, fields) => {
    const { owner, session } = await freshAccount();
    await addCall(t, owner.accountId, new Date(), 0, fields);
    expect(await ticked(session)).toEqual([]);
  });

  it("is all done when every step is", async () => {
    const { owner, session } = await freshAccount();
    // Every row but the bare number, which has no E911 address.
    for (const [key, make] of Object.entries(makeRows)) if (key !== "number") await make(owner.accountId);
    expect(await guide(session)).toMatchObject({ allDone: true });
  });

  it("names the account's number for the test call", async () => {
    const { owner, session } = await freshAccount();
    const e164 = nextNumber();
    await addNumber(t, owner.accountId, e164);
    expect((await guide(session)).testCall).toEqual({ via: "simulator", number: e164 });
  });
});

describe("putting the guide away", () => {
  it("is kept per person: dismissed for one member, still shown to another, and shown again on asking", async () => {
    const { owner, session } = await freshAccount();
    const colleague = await signIn(t, await createMember(t, owner.accountId, "member"));
    const put = (dismissed: boolean) =>
      t.app.inject({
        method: "PUT",
        url: "/api/console/setup-guide/dismissal",
        headers: session.headers,
        payload: { dismissed },
      });

    const res = await put(true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dismissed: true });
    const [row] = await t.db.db
      .select({ at: schema.accountMemberships.setupGuideDismissedAt })
      .from(schema.accountMemberships)
      .where(
        and(
          eq(schema.accountMemberships.accountId, owner.accountId),
          eq(schema.accountMemberships.userId, owner.id),
        ),
      );
    expect(row?.at).toBeInstanceOf(Date);
    expect(await guide(colleague)).toMatchObject({ dismissed: false });

    expect((await put(false)).json()).toMatchObject({ dismissed: false });
    expect(await guide(session)).toMatchObject({ dismissed: false });
  });
});

describe("the test call on the simulator", () => {
  async function readyAccount(balanceCents: number) {
    const { owner, session } = await freshAccount();
    const e164 = nextNumber();
    await addNumber(t, owner.accountId, e164);
    await fundWallet(t, owner.accountId, balanceCents);
    await t.app.deps.routing.changed();
    return { owner, session, e164 };
  }
  const testCall = (session: SignedIn) =>
    t.app.inject({ method: "POST", url: "/api/console/setup-guide/test-call", headers: session.headers });

  it("rings the number, reaches voicemail on the defaults, logs the answered call and ticks the step", async () => {
    const { owner, session, e164 } = await readyAccount(500);
    const res = await testCall(session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: "voicemail", reason: null, to: e164, voicemailSeconds: 5 });

    const logs = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.accountId, owner.accountId));
    expect(logs).toMatchObject([{ direction: "inbound", toNumber: e164, callStatus: "voicemail_missed" }]);
    expect(logs[0]?.answeredAt).toBeInstanceOf(Date);
    const voicemails = await t.db.db
      .select()
      .from(schema.voicemails)
      .where(eq(schema.voicemails.accountId, owner.accountId));
    // No carrier account: the simulator transcribes it, the words the test caller said.
    expect(voicemails).toMatchObject([{ transcriptionStatus: "completed", transcription: TEST_CALL_WORDS }]);
    expect(await ticked(session)).toContain("test_call");
  });

  it("says the call was refused, and why, when the wallet is empty", async () => {
    const { owner, session } = await readyAccount(0);
    const res = await testCall(session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: "refused", reason: "wallet_empty" });
    expect(res.json().message).toMatch(/wallet is empty/);
    const voicemails = await t.db.db
      .select()
      .from(schema.voicemails)
      .where(eq(schema.voicemails.accountId, owner.accountId));
    expect(voicemails).toEqual([]);
    // A refused call is no answered call: the step stays undone.
    expect(await ticked(session)).not.toContain("test_call");
  });
});
