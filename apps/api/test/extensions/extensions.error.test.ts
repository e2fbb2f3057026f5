import { schema } from "@poundline/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber, routingBody } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
});
afterAll(() => t.close());

const post = (payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/extensions",
    headers: session.headers,
    payload: payload as object,
  });
const countExtensions = async () =>
  (
    await t.db.db
      .select({ n: count() })
      .from(schema.extensions)
      .where(eq(schema.extensions.accountId, user.accountId))
  )[0]?.n;

const eleven = Array.from({ length: 11 }, (_, i) => `+1305555${String(1000 + i)}`);

describe("extensions: bad input", () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ["no name", { extensionNumber: 101 }, "body.name", "Name is required."],
    ["a blank name", { extensionNumber: 101, name: "   " }, "body.name", "Name is required."],
    ["no extension number", { name: "A" }, "body.extensionNumber", "Enter an extension number."],
    [
      "extension number 0",
      { extensionNumber: 0, name: "A" },
      "body.extensionNumber",
      "Must be between 1 and 99999.",
    ],
    [
      "extension number 100000",
      { extensionNumber: 100000, name: "A" },
      "body.extensionNumber",
      "Must be between 1 and 99999.",
    ],
    [
      "a bad e-mail",
      { extensionNumber: 101, name: "A", email: "not-mail" },
      "body.email",
      "Enter a valid email address.",
    ],
    [
      "eleven forwarding numbers",
      { extensionNumber: 101, name: "A", forwardingNumbers: eleven },
      "body.forwardingNumbers",
      "At most 10 forwarding numbers.",
    ],
    [
      "a forwarding number that is none",
      { extensionNumber: 101, name: "A", forwardingNumbers: ["call me"] },
      "body.forwardingNumbers.0",
      "Enter a phone number (E.164), a sip: address or a client: name.",
    ],
    [
      "a tel: URL",
      { extensionNumber: 101, name: "A", forwardingNumbers: ["tel:+13055550101"] },
      "body.forwardingNumbers.0",
      "Enter a phone number (E.164), a sip: address or a client: name.",
    ],
    [
      "a SIP address without a host",
      { extensionNumber: 101, name: "A", forwardingNumbers: ["sip:desk"] },
      "body.forwardingNumbers.0",
      "Enter a phone number (E.164), a sip: address or a client: name.",
    ],
    [
      "the same number twice",
      { extensionNumber: 101, name: "A", forwardingNumbers: ["+13055550101", "(305) 555-0101"] },
      "body.forwardingNumbers",
      "Each forwarding number only once.",
    ],
    [
      "a name with a NUL byte",
      { extensionNumber: 101, name: "A\u0000B" },
      "body.name",
      "Must not contain control characters.",
    ],
  ])("%s", async (_name, payload, field, message) => {
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields?.[field]).toContain(message);
    expect(await countExtensions()).toBe(0);
  });

  it("a second extension with the same number is a 409 on the field", async () => {
    expect((await post({ extensionNumber: 120, name: "First" })).statusCode).toBe(201);
    const res = await post({ extensionNumber: 120, name: "Second" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields["body.extensionNumber"]).toEqual([
      "This extension number is already in use.",
    ]);
    expect(await countExtensions()).toBe(1);
  });

  it("the extension number cannot change once created", async () => {
    const created = (await post({ extensionNumber: 130, name: "Fixed" })).json();
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/extensions/${created.id}`,
      headers: session.headers,
      payload: { extensionNumber: 131, name: "Fixed" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields["body.extensionNumber"]).toEqual([
      "The extension number cannot be changed.",
    ]);
    const [row] = await t.db.db.select().from(schema.extensions).where(eq(schema.extensions.id, created.id));
    expect(row?.extensionNumber).toBe(130);
  });

  it("an edit that would leave a number unroutable is refused by the validator, nothing changed", async () => {
    const ext = (
      await post({
        extensionNumber: 140,
        name: "Only one",
        forwardingNumbers: ["+13055550140"],
        voicemailEnabled: false,
      })
    ).json();
    const numberId = await addNumber(t, user.accountId, "+13055550141");
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/call-routing/${numberId}`,
      headers: session.headers,
      payload: routingBody({
        voicemailEnabled: false,
        businessHoursDestination: { type: "ring_group", ringGroup: [ext.id] },
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/extensions/${ext.id}`,
      headers: session.headers,
      payload: { name: "Only one", forwardingNumbers: [], voicemailEnabled: false },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(
      "+13055550141 cannot be reached in business hours: nobody is rung and voicemail is off.",
    );
    const [row] = await t.db.db.select().from(schema.extensions).where(eq(schema.extensions.id, ext.id));
    expect(row?.forwardingNumbers).toEqual(["+13055550140"]);
  });
});
