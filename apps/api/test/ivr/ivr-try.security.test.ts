import type { IvrMenuView } from "@poundline/contracts/ivr/schemas";
import type { TryView } from "@poundline/modules/ivr/try-calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { carrierPost } from "../twilio/carrier";
import { api, menuBody } from "./helpers";

let t: TestApp;
let alice: TestUser;
let aliceSession: SignedIn;
let bob: SignedIn;
let menu: IvrMenuView;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  alice = await createUser(t);
  aliceSession = await signIn(t, alice);
  bob = await signIn(t, await createUser(t));
  menu = await api<IvrMenuView>(
    t,
    aliceSession,
    "POST",
    "/api/ivr-menus",
    201,
    menuBody("Secret", "Alice's draft.", [
      { keyPress: "1", action: "play_message", destination: "Private." },
    ]),
  );
});
afterAll(() => t.close());

const startTry = () => api<TryView>(t, aliceSession, "POST", "/api/ivr-menus/try", 201, {});

describe("IVR try it: security", () => {
  it.each([
    ["POST", "/api/ivr-menus/try"],
    ["POST", "/api/ivr-menus/try/try_00000000000000000000/keys"],
    ["DELETE", "/api/ivr-menus/try/try_00000000000000000000"],
  ] as const)("anonymous %s %s is 401", async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN },
      payload: { digits: "1" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("another account cannot press keys in or hang up a try: 404, the try goes on", async () => {
    const { tryId } = await startTry();
    await api(t, bob, "POST", `/api/ivr-menus/try/${tryId}/keys`, 404, { digits: "1" });
    await api(t, bob, "DELETE", `/api/ivr-menus/try/${tryId}`, 404);
    const view = await api<TryView>(t, aliceSession, "POST", `/api/ivr-menus/try/${tryId}/keys`, 200, {
      digits: "1",
    });
    expect(view.heard).toContainEqual({ kind: "say", text: "Private." });
  });

  it("another session of the same user cannot drive it either", async () => {
    const { tryId } = await startTry();
    const elsewhere = await signIn(t, alice);
    await api(t, elsewhere, "POST", `/api/ivr-menus/try/${tryId}/keys`, 404, { digits: "1" });
  });

  it("the webhook refuses an unsigned request before reading it", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/twilio/voice/try?v=try.whatever",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "From=%2B15005550006&To=%2B15005550006",
    });
    expect(res.statusCode).toBe(403);
  });

  it("a made-up try token reads no menus: the first request and a menu's key press say goodbye", async () => {
    const first = await carrierPost(t, "/twilio/voice/try?v=try.madeup", {
      From: "+15005550006",
      To: "+15005550006",
    });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("Thank you for calling. Goodbye.");
    expect(first.body).not.toContain("<Gather");
    const pressed = await carrierPost(
      t,
      `/twilio/voice/gather?a=${alice.accountId}&m=${menu.id}&i=0&t=0&v=try.madeup`,
      { From: "+15005550006", To: "+15005550006", Digits: "1" },
    );
    expect(pressed.body).toContain("Thank you for calling. Goodbye.");
    expect(pressed.body).not.toContain("Private.");
  });
});
