import type { IvrMenuView } from "@poundline/contracts/ivr/schemas";
import type { TryView } from "@poundline/modules/ivr/try-calls";
import { TRY_LIMITS } from "@poundline/modules/ivr/try-calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { api, menuBody } from "./helpers";

let t: TestApp;
let session: SignedIn;
let other: SignedIn;
let otherMenu: IvrMenuView;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  session = await signIn(t, await createUser(t));
  other = await signIn(t, await createUser(t));
  otherMenu = await api<IvrMenuView>(
    t,
    other,
    "POST",
    "/api/ivr-menus",
    201,
    menuBody("Theirs", "Not yours."),
  );
});
afterAll(() => t.close());

type ErrorBody = { error: { message: string; fields?: Record<string, string[]> } };

describe("IVR try it: bad input", () => {
  it("nothing to try: no menus, or nothing published for the live target", async () => {
    const none = await api<ErrorBody>(t, session, "POST", "/api/ivr-menus/try", 409, {});
    expect(none.error.message).toBe("There are no IVR menus to try.");
    await api(
      t,
      session,
      "POST",
      "/api/ivr-menus",
      201,
      menuBody("Main", "Hello.", [
        { keyPress: "4", action: "play_message", destination: "Again." },
        { keyPress: "9", action: "hangup" },
      ]),
    );
    const live = await api<ErrorBody>(t, session, "POST", "/api/ivr-menus/try", 409, { target: "live" });
    expect(live.error.message).toBe("Nothing is published yet: publish the menus first.");
  });

  it.each([
    [{ target: "staging" }, "body.target", "Target must be draft or live."],
    [{ menuId: "nope" }, "body.menuId", "Invalid IVR menu id."],
    [{ menuId: "ivr_unknown" }, "body.menuId", "This IVR menu does not exist."],
  ])("start %j is 400 on %s", async (payload, field, message) => {
    const res = await api<ErrorBody>(t, session, "POST", "/api/ivr-menus/try", 400, payload);
    expect(res.error.fields?.[field]).toEqual([message]);
  });

  it("another account's menu cannot be the start: 400 as a menu that does not exist", async () => {
    const res = await api<ErrorBody>(t, session, "POST", "/api/ivr-menus/try", 400, { menuId: otherMenu.id });
    expect(res.error.fields?.["body.menuId"]).toEqual(["This IVR menu does not exist."]);
  });

  it.each([[{ digits: "1a" }], [{ digits: "1".repeat(21) }], [{ digits: 1 }], [{}]])(
    "keys %j are 400 with the field's message",
    async (payload) => {
      const { tryId } = await api<TryView>(t, session, "POST", "/api/ivr-menus/try", 201, {});
      const res = await api<ErrorBody>(t, session, "POST", `/api/ivr-menus/try/${tryId}/keys`, 400, payload);
      expect(res.error.fields?.["body.digits"]).toEqual([
        "Press up to 20 keys: 0-9, * or # (none: wait for the timeout).",
      ]);
    },
  );

  it.each([
    ["POST", "/api/ivr-menus/try/nope/keys", 400],
    ["POST", "/api/ivr-menus/try/try_00000000000000000000/keys", 404],
    ["DELETE", "/api/ivr-menus/try/nope", 400],
    ["DELETE", "/api/ivr-menus/try/try_00000000000000000000", 404],
  ] as const)("%s %s is %i", async (method, url, status) => {
    await api(t, session, method, url, status, method === "POST" ? { digits: "1" } : undefined);
  });

  it("a key after the call ended is 409", async () => {
    const { tryId } = await api<TryView>(t, session, "POST", "/api/ivr-menus/try", 201, {});
    expect(
      (await api<TryView>(t, session, "POST", `/api/ivr-menus/try/${tryId}/keys`, 200, { digits: "9" }))
        .ended,
    ).toBe(true);
    const res = await api<ErrorBody>(t, session, "POST", `/api/ivr-menus/try/${tryId}/keys`, 409, {
      digits: "1",
    });
    expect(res.error.message).toBe("The call has ended.");
  });

  it("more keys than a try allows is 409; the keys pressed so far stand", async () => {
    const { tryId } = await api<TryView>(t, session, "POST", "/api/ivr-menus/try", 201, {});
    // Key 4 plays a message and comes back to the menu: the call can go on as long as keys come.
    const twenty = "4".repeat(20);
    expect(TRY_LIMITS.maxKeys).toBe(40);
    await api(t, session, "POST", `/api/ivr-menus/try/${tryId}/keys`, 200, { digits: twenty });
    await api(t, session, "POST", `/api/ivr-menus/try/${tryId}/keys`, 200, { digits: twenty });
    const res = await api<ErrorBody>(t, session, "POST", `/api/ivr-menus/try/${tryId}/keys`, 409, {
      digits: "9",
    });
    expect(res.error.message).toBe("Too many keys for one try-it call: start a new one.");
  });
});
