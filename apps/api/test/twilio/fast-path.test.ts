import type { AddressInfo } from "node:net";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { MAX_FORM_FIELDS } from "@poundline/modules/carrier/carrier-params";
import { pendingChargesOf } from "@poundline/testing/jobs";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type App, buildApp } from "../../src/app";
import { createTestApp, type TestApp } from "../../src/testing";

/**
 * The incoming call is answered in front of Fastify (src/twilio/fast-path.ts). Over HTTP, an app
 * with the fast path and one without it (same database, same configuration) must answer every
 * request alike: same status, headers (but the date) and body, for good calls, bad signatures,
 * odd input and errors.
 */

const OUR_NUMBER = "+13055550100";
const CALLER = "+13055551234";
const PATH = "/twilio/voice";
const FORM = "application/x-www-form-urlencoded";

let t: TestApp;
let fast: App;
let plain: App;
/** Requests that reached Fastify's routing on the fast-path app (the fast path's never do). */
let throughFastify = 0;

async function listen(app: App): Promise<string> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
const bases = { fast: "", plain: "" };

beforeAll(async () => {
  t = await createTestApp({
    clock: () => new Date("2026-11-23T15:00:00Z"),
    incomingCallFastPath: false,
    // One carrier account for both apps (without one, each draws its simulator's token).
    config: { TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`, TWILIO_AUTH_TOKEN: "fast-path-test-token" },
  });
  await insertRoutingConfig(t.db.db, {
    accounts: [{ key: "law", status: "active", walletCents: 1000 }],
    numbers: [{ key: "line", account: "law", e164: OUR_NUMBER, routing: { open: { type: "voicemail" } } }],
  });
  await t.app.deps.routing.reload();
  plain = t.app;
  fast = await buildApp({ config: t.config, db: t.db, clock: () => new Date("2026-11-23T15:00:00Z") });
  fast.addHook("onRequest", (_request, _reply, done) => {
    throughFastify += 1;
    done();
  });
  bases.fast = await listen(fast);
  bases.plain = await listen(plain);
});
afterAll(async () => {
  await fast?.close();
  await t?.close();
});

const sign = (params: Record<string, string | string[]>, path = PATH) =>
  twilio.getExpectedTwilioSignature(
    t.app.deps.carrier.authToken,
    `${t.app.deps.carrier.webhookBaseUrl}${path}`,
    params,
  );

interface Case {
  path?: string;
  headers: Record<string, string>;
  body?: string;
  /** Sent in chunks without a length (Transfer-Encoding: chunked). */
  chunked?: boolean;
}

async function send(base: string, c: Case) {
  const body = c.chunked
    ? new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(c.body ?? ""));
          controller.close();
        },
      })
    : c.body;
  const res = await fetch(`${base}${c.path ?? PATH}`, {
    method: "POST",
    headers: c.headers,
    body,
    ...(c.chunked ? { duplex: "half" } : {}),
  } as RequestInit);
  const headers = Object.fromEntries(res.headers);
  delete headers.date;
  return { status: res.status, headers, body: await res.text() };
}

const call = { CallSid: "CA0123456789abcdef0123456789abcdef", From: CALLER, To: OUR_NUMBER, FromState: "FL" };
const signed = (params: Record<string, string>, headers: Record<string, string> = {}): Case => ({
  headers: { "content-type": FORM, "x-twilio-signature": sign(params), ...headers },
  body: new URLSearchParams(params).toString(),
});

/** [label, request, whether the fast path answers it (otherwise it hands it to Fastify)] */
const cases: [string, () => Case, boolean][] = [
  ["a call to our number", () => signed(call), true],
  ["a call to a number nobody owns", () => signed({ ...call, To: "+13055550777" }), true],
  ["a form declared as UTF-8", () => signed(call, { "content-type": `${FORM}; charset=utf-8` }), true],
  ["the caller's request id", () => signed(call, { "x-request-id": "req-from-the-edge" }), true],
  [
    "control characters and a NUL in the values",
    () => signed({ ...call, From: "+1305\u00005551234\u0007", CallerName: "A\u0001B" }),
    true,
  ],
  [
    "a bad signature",
    () => ({
      ...signed(call, { "x-request-id": "r1" }),
      headers: { "content-type": FORM, "x-twilio-signature": "bm9wZQ==", "x-request-id": "r1" },
    }),
    true,
  ],
  [
    "no signature",
    () => ({
      headers: { "content-type": FORM, "x-request-id": "r2" },
      body: new URLSearchParams(call).toString(),
    }),
    true,
  ],
  [
    "a signature over other parameters",
    () => ({
      ...signed(call, { "x-request-id": "r3" }),
      body: new URLSearchParams({ ...call, To: "+13055550777" }).toString(),
    }),
    true,
  ],
  [
    "a repeated name, signed",
    () => {
      const fields: [string, string][] = [...Object.entries(call), ["To", "+13055550777"]];
      return {
        headers: {
          "content-type": FORM,
          "x-twilio-signature": sign({ ...call, To: [OUR_NUMBER, "+13055550777"] }),
          "x-request-id": "r4",
        },
        body: new URLSearchParams(fields).toString(),
      };
    },
    true,
  ],
  [
    "malformed percent-encoding, signed as parsed",
    () => {
      const body = "CallSid=CA1&From=%E0%A4%A&To=%2B13055550100";
      return {
        headers: {
          "content-type": FORM,
          "x-twilio-signature": sign({ CallSid: "CA1", From: "%E0%A4%A", To: OUR_NUMBER }),
          "x-request-id": "r5",
        },
        body,
      };
    },
    true,
  ],
  [
    "more fields than a webhook has (413)",
    () => {
      const params: Record<string, string> = { ...call };
      for (let i = Object.keys(call).length; i <= MAX_FORM_FIELDS; i++) params[`x${i}`] = "";
      return signed(params, { "x-request-id": "r9" });
    },
    true,
  ],
  [
    "JSON (415 by Fastify)",
    () => ({
      headers: { "content-type": "application/json", "x-request-id": "r6" },
      body: JSON.stringify(call),
    }),
    false,
  ],
  [
    "an upper-case content type (Fastify's)",
    () => signed(call, { "content-type": "Application/X-WWW-Form-Urlencoded" }),
    false,
  ],
  [
    "an empty body (Fastify's)",
    () => ({
      headers: { "content-type": FORM, "x-twilio-signature": sign({}), "x-request-id": "r7" },
      body: "",
    }),
    false,
  ],
  ["a chunked body (Fastify's)", () => ({ ...signed(call, { "x-request-id": "r8" }), chunked: true }), false],
  [
    "a query string (Fastify's)",
    () => {
      const path = `${PATH}?x=1`;
      return {
        path,
        headers: { "content-type": FORM, "x-twilio-signature": sign(call, path) },
        body: new URLSearchParams(call).toString(),
      };
    },
    false,
  ],
];

const STATUS_PATH = "/twilio/voice/status";
const progress = {
  CallSid: "CAfeedbeef0123456789abcdef01234567",
  From: CALLER,
  To: OUR_NUMBER,
  Direction: "inbound",
  CallStatus: "completed",
  CallDuration: "75",
  SequenceNumber: "3",
};
const signedStatus = (params: Record<string, string>, headers: Record<string, string> = {}): Case => ({
  path: STATUS_PATH,
  headers: { "content-type": FORM, "x-twilio-signature": sign(params, STATUS_PATH), ...headers },
  body: new URLSearchParams(params).toString(),
});

/** Call progress (the status callback, where charging starts) is answered in front of Fastify too. */
const statusCases: [string, () => Case, boolean][] = [
  ["a completed call", () => signedStatus(progress), true],
  ["a repeated completion", () => signedStatus(progress), true],
  [
    "a call to a number nobody owns",
    () => signedStatus({ ...progress, CallSid: "CA2", To: "+13055550777" }),
    true,
  ],
  ["no CallSid", () => signedStatus({ ...progress, CallSid: "" }), true],
  [
    "a bad signature",
    () => ({
      ...signedStatus(progress),
      headers: { "content-type": FORM, "x-twilio-signature": "bm9wZQ==", "x-request-id": "s1" },
    }),
    true,
  ],
  [
    "JSON (415 by Fastify)",
    () => ({
      path: STATUS_PATH,
      headers: { "content-type": "application/json", "x-request-id": "s2" },
      body: JSON.stringify(progress),
    }),
    false,
  ],
  [
    "a query string (Fastify's)",
    () => {
      const path = `${STATUS_PATH}?x=1`;
      return {
        path,
        headers: { "content-type": FORM, "x-twilio-signature": sign(progress, path) },
        body: new URLSearchParams(progress).toString(),
      };
    },
    false,
  ],
];

/** The request sent to both servers while their routing tables fail: the two answers must match. */
async function bothWithRoutingGone(request: Case) {
  const boom = () => {
    throw new Error("routing table gone");
  };
  const spies = [
    vi.spyOn(fast.deps.routing, "current").mockImplementation(boom),
    vi.spyOn(plain.deps.routing, "current").mockImplementation(boom),
  ];
  try {
    const viaFast = await send(bases.fast, request);
    expect(viaFast).toEqual(await send(bases.plain, request));
    return viaFast;
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe("the status callback's fast path", () => {
  it.each(statusCases)("answers %s as Fastify does", async (_label, make, taken) => {
    const request = make();
    const before = throughFastify;
    const viaFast = await send(bases.fast, request);
    expect(throughFastify - before, "requests the fast path handed to Fastify").toBe(taken ? 0 : 1);
    const viaPlain = await send(bases.plain, request);
    expect(viaFast).toEqual(viaPlain);
  });

  it("stores the call and hands its charge off, once for both ways", async () => {
    const callSid = "CAfeedbeef0123456789abcdef01234599";
    const request = signedStatus({ ...progress, CallSid: callSid });
    expect((await send(bases.fast, request)).status).toBe(200);
    expect((await send(bases.plain, request)).status).toBe(200);
    expect(await pendingChargesOf(t.db.db, callSid)).toBe(1);
  });

  it("answers a failure of the work as Fastify does: 500 in the one shape, logged", async () => {
    const viaFast = await bothWithRoutingGone(signedStatus(progress, { "x-request-id": "s500" }));
    expect(viaFast.status).toBe(500);
  });
});

describe("the incoming call's fast path", () => {
  it.each(cases)("answers %s as Fastify does", async (_label, make, taken) => {
    const request = make();
    const before = throughFastify;
    const viaFast = await send(bases.fast, request);
    expect(throughFastify - before, "requests the fast path handed to Fastify").toBe(taken ? 0 : 1);
    const viaPlain = await send(bases.plain, request);
    if (!request.headers["x-request-id"] && viaPlain.status !== 200) {
      // A fresh request id each: the rest must match.
      viaFast.body = viaFast.body.replace(/"requestId":"[^"]+"/, "");
      viaPlain.body = viaPlain.body.replace(/"requestId":"[^"]+"/, "");
    }
    expect(viaFast).toEqual(viaPlain);
  });

  it("checks the signature before it reads the form: a bad one routes nothing", async () => {
    const routeFast = vi.spyOn(fast.deps.routing, "current");
    const res = await send(bases.fast, {
      ...signed(call),
      headers: { "content-type": FORM, "x-twilio-signature": "bad" },
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: "FORBIDDEN" } });
    expect(routeFast).not.toHaveBeenCalled();
    routeFast.mockRestore();
  });

  it("answers a failure of the answer as Fastify does: 500 in the one shape, logged", async () => {
    const viaFast = await bothWithRoutingGone(signed(call, { "x-request-id": "r500" }));
    expect(viaFast.status).toBe(500);
    expect(JSON.parse(viaFast.body)).toEqual({
      error: { code: "INTERNAL", message: "Internal server error", requestId: "r500" },
    });
  });
});
