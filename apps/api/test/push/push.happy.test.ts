import { schema } from "@poundline/db";
import { VAPID_SECRET_NAMES } from "@poundline/modules/push/keys";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import { call } from "../settings/helpers";
import { browserSubscription, unsubscribeUrl } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { pushSubscriptions, platformSecrets } = schema;
const devicesOf = (userId: string) =>
  t.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe("the public key", () => {
  it("is drawn once, kept in the database, and the same on every read", async () => {
    const session = await signIn(t, await createUser(t));
    const first = await call(t, "GET", "/api/settings/push/key", session);
    expect(first.statusCode, first.body).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    // An uncompressed P-256 point: 65 bytes.
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    const stored = await t.db.db
      .select()
      .from(platformSecrets)
      .where(eq(platformSecrets.name, VAPID_SECRET_NAMES.publicKey));
    expect(stored[0]?.value).toBe(publicKey);
    const other = await signIn(t, await createUser(t));
    expect((await call(t, "GET", "/api/settings/push/key", other)).json()).toEqual({ publicKey });
  });
});

describe("subscribing and unsubscribing", () => {
  it("saves the device with its keys and user agent, idempotent on the endpoint", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const device = browserSubscription();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/settings/push/subscriptions",
      headers: { origin: "http://localhost:3000", cookie: session.cookie, "user-agent": "Phone Browser/1" },
      payload: device,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: string }>();
    expect(await devicesOf(user.id)).toMatchObject([
      {
        id,
        endpoint: device.endpoint,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
        userAgent: "Phone Browser/1",
      },
    ]);

    // The same browser again (new keys): one row, updated.
    const renewed = { ...device, keys: browserSubscription().keys };
    const again = await call(t, "POST", "/api/settings/push/subscriptions", session, renewed);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ id });
    expect(await devicesOf(user.id)).toMatchObject([
      { id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth },
    ]);
  });

  it("keeps several devices apart and removes only the one named", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const phone = browserSubscription();
    const laptop = browserSubscription();
    for (const device of [phone, laptop])
      expect((await call(t, "POST", "/api/settings/push/subscriptions", session, device)).statusCode).toBe(
        200,
      );
    expect(await devicesOf(user.id)).toHaveLength(2);

    const res = await call(t, "DELETE", unsubscribeUrl(phone.endpoint), session);
    expect(res.statusCode, res.body).toBe(204);
    expect((await devicesOf(user.id)).map((d) => d.endpoint)).toEqual([laptop.endpoint]);
  });

  it("moves a browser's endpoint to whoever signs in on it next", async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const device = browserSubscription();
    await call(t, "POST", "/api/settings/push/subscriptions", await signIn(t, first), device);
    const res = await call(t, "POST", "/api/settings/push/subscriptions", await signIn(t, second), device);
    expect(res.statusCode, res.body).toBe(200);
    expect(await devicesOf(first.id)).toHaveLength(0);
    expect(await devicesOf(second.id)).toHaveLength(1);
  });
});

describe("the push preferences", () => {
  it("are on by default and saved with the others", async () => {
    const session = await signIn(t, await createUser(t));
    const read = await call(t, "GET", "/api/settings/notifications", session);
    expect(read.json()).toMatchObject({
      pushIncomingCall: true,
      pushMissedCall: true,
      pushVoicemail: true,
      pushText: true,
      pushAssignment: true,
      pushMention: true,
    });
    const saved = await call(t, "PUT", "/api/settings/notifications", session, {
      ...read.json<Record<string, boolean>>(),
      pushText: false,
      pushIncomingCall: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ pushText: false, pushIncomingCall: false, pushVoicemail: true });
  });
});
