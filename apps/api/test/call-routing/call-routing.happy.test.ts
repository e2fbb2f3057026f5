import type { CarrierSim } from "@poundline/carrier-sim";
import type { NumberRoutingView } from "@poundline/contracts/call-routing/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { subscribe } from "../numbers/helpers";
import { findTwimlValidator } from "../scenarios/twiml-xsd";
import { addExtension, addNumber, routingBody, routingRow, wavBytes } from "./helpers";

const LINE = "+13055550170";
// Monday 2026-11-23 10:00 in New York.
const now = new Date("2026-11-23T15:00:00Z");
let t: TestApp;
let sim: CarrierSim;
let user: TestUser;
let session: SignedIn;
let numberId: string;
let desk: string;
let sales: string;
const twiml = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, config: { LOG_LEVEL: "error" } });
  if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
  sim = t.app.deps.simulator;
  user = await createUser(t);
  session = await signIn(t, user);
  numberId = await addNumber(t, user.accountId, LINE);
  desk = await addExtension(t, user.accountId, 101, ["+13055550101"]);
  sales = await addExtension(t, user.accountId, 102, ["+13055550102"]);
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());

async function put(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/call-routing/${numberId}`,
    headers: session.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  // routing.changed() recompiles on the bus; reload() waits for a compile that has the change.
  await t.app.deps.routing.reload();
  return res.json<NumberRoutingView>();
}

/** A call from the simulator; phones scripted with sim.setCallee since the last sim.reset(). */
async function call(from = "+13055551234", fromState?: string) {
  const transcript = await sim.placeCall({ from, to: LINE, ...(fromState ? { fromState } : {}) });
  await sim.idle();
  for (const c of [transcript, ...sim.calls().map((x) => x.transcript)])
    for (const w of c?.webhooks ?? [])
      if (w.status === 200 && w.body.includes("<Response")) twiml.set(w.body, w.url);
  return {
    transcript,
    members: sim
      .calls()
      .filter((c) => c.direction === "outbound-api")
      .map((c) => c.to),
  };
}

describe("call routing: happy path", () => {
  it("lists the number with the seed's defaults before anything is saved", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/call-routing", headers: session.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.numbers).toEqual([
      expect.objectContaining({
        numberId,
        e164: LINE,
        ringStrategy: "simultaneous",
        ringTimeoutSeconds: 30,
        timeZone: "America/New_York",
        holdMusic: "default",
        recordCalls: false,
        queueAnnounceSeconds: 60,
        queueMaxWaitSeconds: 600,
        businessHours: expect.objectContaining({
          monday: { active: true, start: "09:00", end: "17:00" },
          saturday: { active: false, start: "09:00", end: "17:00" },
        }),
      }),
    ]);
    expect(body.extensions.map((e: { extensionNumber: number }) => e.extensionNumber)).toEqual([101, 102]);
  });

  it("a saved ring strategy and timeout are stored and ring the next call that way", async () => {
    const saved = await put(
      routingBody({
        ringStrategy: "sequential",
        ringTimeoutSeconds: 15,
        businessHoursDestination: { type: "ring_group", ringGroup: [desk, sales] },
      }),
    );
    expect(saved).toMatchObject({ ringStrategy: "sequential", ringTimeoutSeconds: 15 });
    expect(await routingRow(t, numberId)).toMatchObject({
      ringStrategy: "sequential",
      ringTimeoutSeconds: 15,
      businessHoursTargetType: "ring_group",
      businessHoursRingGroup: [desk, sales],
    });
    sim.setCallee("+13055550101", { outcome: "no-answer" });
    const { members } = await call();
    expect(members).toEqual(["+13055550101", "+13055550102"]);
  });

  it("the line's announcement interval and longest wait are stored and compiled for the next call", async () => {
    const saved = await put(routingBody({ queueAnnounceSeconds: 45, queueMaxWaitSeconds: 900 }));
    expect(saved).toMatchObject({ queueAnnounceSeconds: 45, queueMaxWaitSeconds: 900 });
    expect(await routingRow(t, numberId)).toMatchObject({
      queueAnnounceSeconds: 45,
      queueMaxWaitSeconds: 900,
    });
    expect(t.app.deps.routing.current().numbersById.get(numberId)).toMatchObject({
      queueAnnounceSeconds: 45,
      queueMaxWaitSeconds: 900,
    });
  });

  it("business hours decide: the same Monday 10:00 call goes after hours once Monday is off", async () => {
    const hours = routingBody().businessHours as Record<string, unknown>;
    await put(
      routingBody({
        businessHours: { ...hours, monday: { active: false, start: "09:00", end: "17:00" } },
        businessHoursDestination: { type: "extension", target: desk },
        afterHoursDestination: { type: "extension", target: sales },
      }),
    );
    const { transcript } = await call();
    expect(transcript.dials.map((d) => d.legs.map((l) => l.target))).toEqual([["+13055550102"]]);
  });

  it("a holiday routes its whole day to its own destination", async () => {
    await put(
      routingBody({
        businessHoursDestination: { type: "extension", target: desk },
        holidays: [
          {
            date: "2026-11-23",
            name: "Office closed",
            destination: { type: "forward", target: "+1 305 555 0199" },
          },
        ],
      }),
    );
    expect((await routingRow(t, numberId))?.holidays).toEqual([
      { date: "2026-11-23", name: "Office closed", targetType: "forward", targetId: "+13055550199" },
    ]);
    const { transcript } = await call();
    expect(transcript.dials.map((d) => d.legs.map((l) => l.target))).toEqual([["+13055550199"]]);
  });

  it("recording on: a caller from California hears the consent notice first and the Dial records", async () => {
    // Call recording comes with the Professional plan (billing/plans.ts).
    await subscribe(t, user.accountId, "Professional");
    await put(
      routingBody({ recordCalls: true, businessHoursDestination: { type: "extension", target: desk } }),
    );
    expect((await routingRow(t, numberId))?.recordCalls).toBe(true);
    const { transcript } = await call("+14155551234", "CA");
    expect(transcript.spoken[0]).toContain("This call may be recorded.");
    expect(transcript.verbs.find((v) => v.verb === "Dial")?.attributes.record).toBe(
      "record-from-answer-dual",
    );
    const texas = await call("+12145551234", "TX");
    expect(texas.transcript.spoken.join(" ")).not.toContain("This call may be recorded.");
  });

  it("custom music on hold: an uploaded WAV is stored, served, and played to a caller waiting for the group", async () => {
    const upload = await t.app.inject({
      method: "POST",
      url: `/api/call-routing/${numberId}/hold-music`,
      headers: { ...session.headers, "content-type": "audio/wav" },
      payload: wavBytes(),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const url = upload.json<NumberRoutingView>().holdMusicUrl as string;
    expect(upload.json()).toMatchObject({ holdMusic: "custom" });
    expect((await routingRow(t, numberId))?.holdMusicUrl).toBe(url);
    const served = await t.app.inject({ method: "GET", url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("audio/wav");
    expect(served.rawPayload.equals(wavBytes())).toBe(true);

    await put(
      routingBody({
        holdMusic: "custom",
        businessHoursDestination: { type: "ring_group", ringGroup: [desk] },
      }),
    );
    sim.setCallee("+13055550101", { outcome: "answer", ringSeconds: 3, talkSeconds: 5 });
    const { transcript } = await call();
    expect(transcript.played).toContain(url);
  });

  const validator = findTwimlValidator();
  it.skipIf(!validator.ok && !process.env.CI)(
    "the TwiML these calls got is valid against the carrier's XSD",
    async () => {
      if (!validator.ok) throw new Error(validator.reason);
      expect(twiml.size).toBeGreaterThan(0);
      const invalid = await validator.validate(twiml);
      expect(invalid, invalid.join("\n\n")).toEqual([]);
    },
  );
});
