/**
 * TRANSCRIBER=none on the carrier simulator: the voicemail is stored with transcription off, so
 * the console says "Transcription is off." (web/src/modules/voicemails/format.ts). Without a
 * setting the simulator transcribes: setup-guide.happy.test.ts.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber, fundWallet } from "../console/seed";
import { createUser, signIn } from "../fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { TRANSCRIBER: "none" } });
});
afterAll(() => t.close());

it("a voicemail left through the simulator with TRANSCRIBER=none has transcription off", async () => {
  const owner = await createUser(t);
  const session = await signIn(t, owner);
  await addNumber(t, owner.accountId, "+13055550199");
  await fundWallet(t, owner.accountId, 500);
  await t.app.deps.routing.changed();
  // The setup guide's test call: the simulated caller speaks into voicemail.
  const call = await t.app.inject({
    method: "POST",
    url: "/api/console/setup-guide/test-call",
    headers: session.headers,
  });
  expect(call.json()).toMatchObject({ outcome: "voicemail" });

  const listed = await t.app.inject({ method: "GET", url: "/api/voicemails", headers: session.headers });
  expect(listed.json().voicemails).toMatchObject([{ transcriptionStatus: "off", transcription: null }]);
});
