import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { buyTollFree, payingAccount, profileBody, verificationUrl } from "./helpers";

let t: TestApp;
let session: SignedIn;
let number: { id: string; e164: string };

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  await payingAccount(t, user.accountId);
  session = await signIn(t, user);
  number = await buyTollFree(t, session);
});
afterAll(() => t.close());

const rows = () =>
  t.db.db
    .select()
    .from(schema.tollFreeVerifications)
    .where(eq(schema.tollFreeVerifications.phoneNumberId, number.id));

const send = (method: "POST" | "PUT", payload: unknown) =>
  t.app.inject({
    method,
    url: verificationUrl(number.id),
    headers: session.headers,
    payload: payload as object,
  });

describe("bad profiles are refused with field messages, and nothing is written", () => {
  it.each([
    ["no business name", { businessName: "" }, "body.businessName"],
    ["a website that is not an address", { businessWebsite: "owl" }, "body.businessWebsite"],
    ["no use case", { useCaseCategories: [] }, "body.useCaseCategories"],
    ["a use case the carrier does not know", { useCaseCategories: ["GOSSIP"] }, "body.useCaseCategories.0"],
    ["an opt-in type the carrier does not know", { optInType: "TELEPATHY" }, "body.optInType"],
    ["no opt-in image", { optInImageUrls: [] }, "body.optInImageUrls"],
    ["a volume that is not a number", { messageVolume: "lots" }, "body.messageVolume"],
    [
      "a contact phone that is not E.164",
      { businessContactPhone: "407 555 0100" },
      "body.businessContactPhone",
    ],
    ["a notification e-mail that is not one", { notificationEmail: "ops" }, "body.notificationEmail"],
  ])("%s", async (_name, change, field) => {
    const res = await send("POST", { ...profileBody(), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await rows()).toEqual([]);
  });
});

describe("refusals", () => {
  it("answers 404 for a local number: only toll-free numbers are verified this way", async () => {
    const search = await t.app.inject({
      method: "GET",
      url: "/api/numbers/available?areaCode=407",
      headers: session.headers,
    });
    const offer = search.json<{ numbers: { e164: string }[] }>().numbers[0];
    const local = await t.app.inject({
      method: "POST",
      url: "/api/numbers",
      headers: session.headers,
      payload: { e164: offer?.e164, friendlyName: "Local" },
    });
    const res = await t.app.inject({
      method: "POST",
      url: verificationUrl(local.json().id),
      headers: session.headers,
      payload: profileBody(),
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.message).toBe("Only toll-free numbers are verified this way.");
  });

  it("refuses a resubmission before a submission, a second submission, and a resubmission under review", async () => {
    expect((await send("PUT", profileBody())).statusCode).toBe(409);
    expect((await send("POST", profileBody())).statusCode).toBe(201);
    const again = await send("POST", profileBody());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("This number's verification is already submitted.");
    const early = await send("PUT", profileBody());
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe("Only a rejected verification may be corrected and resubmitted.");
    expect(await rows()).toHaveLength(1);
  });

  it("answers 400 for a malformed number id", async () => {
    const res = await t.app.inject({ method: "GET", url: verificationUrl("nope"), headers: session.headers });
    expect(res.statusCode).toBe(400);
  });
});
