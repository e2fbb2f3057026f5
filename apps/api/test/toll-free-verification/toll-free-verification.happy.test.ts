import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { buyTollFree, payingAccount, profileBody, verificationUrl, verifyTollFree } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sim = () => {
  const simulator = t.app.deps.simulator;
  if (!simulator) throw new Error("the tests run on the embedded carrier simulator");
  return simulator;
};

async function owner(): Promise<{ user: TestUser; session: SignedIn }> {
  const user = await createUser(t);
  await payingAccount(t, user.accountId);
  return { user, session: await signIn(t, user) };
}

const text = (session: SignedIn, from: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/messages",
    headers: session.headers,
    payload: { from, to: "+14155550123", body: "Your technician is on the way." },
  });

const rowOf = async (numberId: string) =>
  (
    await t.db.db
      .select()
      .from(schema.tollFreeVerifications)
      .where(eq(schema.tollFreeVerifications.phoneNumberId, numberId))
  )[0];

describe("toll-free verification", () => {
  it("shows no verification and no fee before submitting", async () => {
    const { session } = await owner();
    const number = await buyTollFree(t, session);
    const res = await t.app.inject({
      method: "GET",
      url: verificationUrl(number.id),
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      number: { id: number.id, e164: number.e164 },
      verification: null,
      feeCents: 0,
    });
  });

  it("refuses a text before approval, with what to do, and sends it once the carrier approves", async () => {
    const { user, session } = await owner();
    const number = await buyTollFree(t, session);

    const before = await text(session, number.e164);
    expect(before.statusCode, before.body).toBe(400);
    expect(before.json().error.fields["body.from"][0]).toMatch(/Submit its toll-free verification/);

    const submitted = await t.app.inject({
      method: "POST",
      url: verificationUrl(number.id),
      headers: session.headers,
      payload: profileBody(),
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submitted.json().verification).toMatchObject({ status: "PENDING_REVIEW", editable: false });
    const row = await rowOf(number.id);
    expect(row).toMatchObject({ accountId: user.accountId, status: "PENDING_REVIEW", rejectionReason: null });
    const atCarrier = sim().tollfreeVerifications.get(row?.carrierSid ?? "");
    expect(atCarrier?.submission).toMatchObject({ BusinessName: "Owl Plumbing LLC", OptInType: "WEB_FORM" });

    const pending = await text(session, number.e164);
    expect(pending.json().error.message).toMatch(
      /pending review\. Texts can be sent from it once the carrier approves it/,
    );
    expect(
      sim()
        .sentMessages()
        .filter((m) => m.from === number.e164),
    ).toEqual([]);

    if (atCarrier) sim().tollfreeVerifications.review(atCarrier, { decision: "approve" });
    const read = await t.app.inject({
      method: "GET",
      url: verificationUrl(number.id),
      headers: session.headers,
    });
    expect(read.json().verification).toMatchObject({ status: "TWILIO_APPROVED" });
    expect(await rowOf(number.id)).toMatchObject({ status: "TWILIO_APPROVED", decidedAt: expect.any(Date) });

    const after = await text(session, number.e164);
    expect(after.statusCode, after.body).toBe(201);
    expect(
      sim()
        .sentMessages()
        .filter((m) => m.from === number.e164),
    ).toHaveLength(1);
  });

  it("shows a rejection with its reason and takes a corrected resubmission", async () => {
    const { session } = await owner();
    const number = await buyTollFree(t, session);
    await t.app.inject({
      method: "POST",
      url: verificationUrl(number.id),
      headers: session.headers,
      payload: profileBody(),
    });
    const carrierSid = (await rowOf(number.id))?.carrierSid ?? "";
    const atCarrier = sim().tollfreeVerifications.get(carrierSid);
    if (atCarrier)
      sim().tollfreeVerifications.review(atCarrier, {
        decision: "reject",
        reason: "The opt-in image is unreadable.",
      });

    const read = await t.app.inject({
      method: "GET",
      url: verificationUrl(number.id),
      headers: session.headers,
    });
    expect(read.json().verification).toMatchObject({
      status: "TWILIO_REJECTED",
      rejectionReason: "The opt-in image is unreadable.",
      editable: true,
    });
    expect((await text(session, number.e164)).json().error.message).toMatch(
      /was rejected\. Correct it and resubmit it/,
    );

    const corrected = { ...profileBody(), optInImageUrls: ["https://owl-plumbing.example/clear.png"] };
    const res = await t.app.inject({
      method: "PUT",
      url: verificationUrl(number.id),
      headers: session.headers,
      payload: corrected,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().verification).toMatchObject({
      status: "PENDING_REVIEW",
      rejectionReason: null,
      editable: false,
    });
    expect(await rowOf(number.id)).toMatchObject({
      status: "PENDING_REVIEW",
      rejectionReason: null,
      profile: expect.objectContaining({ optInImageUrls: ["https://owl-plumbing.example/clear.png"] }),
    });
    expect(sim().tollfreeVerifications.get(carrierSid)?.submission.OptInImageUrls).toEqual([
      "https://owl-plumbing.example/clear.png",
    ]);
  });

  it("lets a number verified by the test helper text (other tests' texts from toll-free numbers)", async () => {
    const { user, session } = await owner();
    const number = await buyTollFree(t, session);
    await verifyTollFree(t, user.accountId, number.id);
    expect((await text(session, number.e164)).statusCode).toBe(201);
  });
});
