import type { CallTranscript } from "@poundline/carrier-sim";
import type { IvrMenu } from "@poundline/domain";
import { createIvrTryCalls, type IvrTryCalls, nodeOf, TRY_LIMITS } from "@poundline/modules/ivr/try-calls";
import { createTryCallStore } from "@poundline/modules/ivr/try-store";
import { describe, expect, it } from "vitest";

const BASE = "https://api.example";
const menu = (id: string): IvrMenu => ({
  id,
  name: id,
  greetingType: "tts",
  greetingTts: `Menu ${id}.`,
  greetingRecordingUrl: null,
  timeoutSeconds: 5,
  timeoutAction: "repeat",
  timeoutActionDestination: null,
  invalidInputAction: "repeat",
  invalidInputActionDestination: null,
  maxInvalidInputs: 3,
  options: [],
});

/** The app as the try's simulator sees it: every request recorded, one menu's TwiML answered. */
function fakeApp() {
  const urls: string[] = [];
  return {
    urls,
    inject: async (request: { url: string }) => {
      urls.push(request.url);
      const body = `<Response><Gather numDigits="1" action="${BASE}/twilio/voice/gather?a=acct_a&amp;m=ivr_main"><Say>Menu ivr_main.</Say></Gather></Response>`;
      return { statusCode: 200, headers: { "content-type": "text/xml" }, body };
    },
  };
}

const carrier = {
  accountSid: "AC00000000000000000000000000000000",
  authToken: "secret",
  webhookBaseUrl: BASE,
};
const owner = { accountId: "acct_a", sessionId: "sess_1" };

describe("try-it calls", () => {
  it("starts a call at the try's webhook with an unguessable token, honoured only for its account", async () => {
    let clock = 1_000;
    const app = fakeApp();
    const tries = createIvrTryCalls(app, carrier, { now: () => clock });
    const menus = new Map([["ivr_main", menu("ivr_main")]]);
    const view = await tries.start({
      owner,
      target: "draft",
      versionId: null,
      menus,
      startMenu: menu("ivr_main"),
    });
    expect(view).toMatchObject({
      heard: [{ kind: "say", text: "Menu ivr_main." }],
      node: { kind: "menu", menuId: "ivr_main" },
      ended: false,
    });
    const first = new URL(app.urls[0] ?? "", BASE);
    expect(first.pathname).toBe("/twilio/voice/try");
    const token = first.searchParams.get("v") ?? "";
    expect(token).toMatch(/^try\.[A-Za-z0-9_-]{32}$/);
    // Read back from the store: the menus the try started with.
    expect(await tries.menusOf(token, "acct_a")).toEqual(menus);
    expect(await tries.menusOf(token, "acct_b")).toBeNull();
    expect((await tries.startOf(token))?.accountId).toBe("acct_a");
    expect(await tries.startOf("try.other")).toBeNull();
    // Only its owner's session drives it.
    expect(await tries.press(view.tryId, { ...owner, sessionId: "sess_2" }, ["1"])).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await tries.hangUp(view.tryId, { ...owner, accountId: "acct_b" })).toBe(false);
    // Short-lived: gone once its time is up.
    clock += TRY_LIMITS.ttlMs + 1;
    expect(await tries.menusOf(token, "acct_a")).toBeNull();
    expect(await tries.press(view.tryId, owner, ["1"])).toEqual({ ok: false, reason: "not_found" });
  });

  it("keeps a few tries per session: the oldest is hung up beyond", async () => {
    const tries = createIvrTryCalls(fakeApp(), carrier);
    const menus = new Map([["ivr_main", menu("ivr_main")]]);
    const ids: string[] = [];
    for (let i = 0; i <= TRY_LIMITS.perSession; i++)
      ids.push(
        (await tries.start({ owner, target: "draft", versionId: null, menus, startMenu: menu("ivr_main") }))
          .tryId,
      );
    expect(await tries.hangUp(ids[0] ?? "", owner)).toBe(false);
    expect(await tries.hangUp(ids[1] ?? "", owner)).toBe(true);
  });
});

describe("try-it calls on several executors sharing a store", () => {
  it("keys pressed at once through two executors are both kept: the step that lost is done again", async () => {
    const store = createTryCallStore(null, "");
    const apps = [fakeApp(), fakeApp()] as const;
    const [one, two] = apps.map((app) => createIvrTryCalls(app, carrier, { store }));
    const menus = new Map([["ivr_main", menu("ivr_main")]]);
    const { tryId } = await (one as IvrTryCalls).start({
      owner,
      target: "draft",
      versionId: null,
      menus,
      startMenu: menu("ivr_main"),
    });
    const results = await Promise.all([
      (one as IvrTryCalls).press(tryId, owner, ["1"]),
      (two as IvrTryCalls).press(tryId, owner, ["2"]),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect((await store.get(tryId))?.state.keys.toSorted()).toEqual(["1", "2"]);
    // The second executor never started the call: it finds it in the store.
    expect(await (two as IvrTryCalls).hangUp(tryId, owner)).toBe(true);
    expect(await store.get(tryId)).toBeNull();
  });
});

const transcript = (
  verbs: { verb: string; attributes?: Record<string, string> }[],
  ended: CallTranscript["ended"],
) => ({
  verbs: verbs.map((v, seq) => ({ seq, at: 0, attributes: {}, ...v })),
  ended,
});

describe("where a try-it call is", () => {
  it.each([
    [
      "waiting at a menu",
      [{ verb: "Gather", attributes: { action: `${BASE}/g?a=x&m=ivr_one` } }, { verb: "Say" }],
      { reason: "caller-hangup", at: 1, url: null, verb: "Gather" },
      { node: { kind: "menu", menuId: "ivr_one" }, ended: false },
    ],
    [
      "ringing an extension",
      [{ verb: "Dial", attributes: { action: `${BASE}/d?a=x&f=e&x=ext_1` } }],
      { reason: "caller-hangup", at: 1, url: null, verb: "Dial" },
      { node: { kind: "extension", id: "ext_1" }, ended: true },
    ],
    [
      "forwarding",
      [{ verb: "Dial", attributes: { action: `${BASE}/d?a=x&f=n` } }],
      { reason: "caller-hangup", at: 1, url: null, verb: "Dial" },
      { node: { kind: "forward" }, ended: true },
    ],
    [
      "a ring group's queue",
      [{ verb: "Enqueue" }],
      { reason: "caller-hangup", at: 1, url: null, verb: "Enqueue" },
      { node: { kind: "ring_group" }, ended: true },
    ],
    [
      "voicemail",
      [{ verb: "Say" }, { verb: "Record" }],
      { reason: "caller-hangup", at: 1, url: null, verb: "Record" },
      { node: { kind: "voicemail" }, ended: true },
    ],
    [
      "hung up",
      [{ verb: "Say" }, { verb: "Hangup" }],
      { reason: "hangup-verb", at: 1, url: null, verb: "Hangup" },
      { node: { kind: "hangup" }, ended: true },
    ],
    [
      "out of TwiML",
      [{ verb: "Say" }],
      { reason: "end-of-twiml", at: 1, url: null },
      { node: { kind: "hangup" }, ended: true },
    ],
    [
      "an application error",
      [],
      { reason: "application-error", at: 1, url: null, detail: "HTTP 500" },
      { node: { kind: "error", detail: "HTTP 500" }, ended: true },
    ],
  ] as const)("%s", (_name, verbs, ended, expected) => {
    expect(nodeOf(transcript([...verbs], ended as CallTranscript["ended"]))).toEqual(expected);
  });
});
