import { expect, type Page, test } from "@playwright/test";
import { e2ePasswords } from "./passwords";
import { recordedAccount } from "./recorded-account";
import { appReady, seriousAxeViolations, signIn } from "./support";

/** The parts of the audio element the test reads (the e2e project has no DOM types). */
interface AudioElement {
  paused: boolean;
  played: { length: number };
}

const owner = { email: recordedAccount.email, password: e2ePasswords().trial };

/**
 * A caller rings the recorded number and the owner's phone talks with them, through the carrier
 * simulator; resolves with the caller's number once the call's recording is stored.
 */
async function recordedCall(page: Page): Promise<string> {
  const from = `+1786555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  const call = await page.request.post("/carrier-sim/sim/calls", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      from,
      to: recordedAccount.number,
      // The carrier's real-time transcription hears what each party says once bridged.
      says: [{ at: 1, text: "Hi, I am calling about my lease." }],
      dial: {
        [recordedAccount.phone]: {
          outcome: "answer",
          talkSeconds: 6,
          says: [
            { at: 0, text: "Recorded Advice, Rita speaking." },
            { at: 3, text: "Of course, let me find it." },
          ],
        },
      },
    },
  });
  expect(call.ok(), await call.text()).toBe(true);
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/calls?q=${encodeURIComponent(from.slice(2))}`);
      const body = (await res.json()) as { calls: { recordingKind: string | null }[] };
      return body.calls[0]?.recordingKind ?? null;
    })
    .toBe("call");
  return from;
}

const rows = (page: Page) => page.getByRole("table", { name: "Call logs" }).locator("tbody tr");

test.describe("a recorded call in call history", () => {
  test("plays, lists its recording with its transcript, and downloads as a named file (axe)", async ({
    page,
  }) => {
    await signIn(page, owner);
    await page.waitForURL(/\/dashboard/);
    const from = await recordedCall(page);
    await page.goto("/dashboard/call-history");
    await appReady(page);
    await page.getByRole("textbox", { name: "Search", exact: true }).fill(from.slice(-7));
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();

    // The row's player plays the call's own recording, streamed from the API.
    const fetched = page.waitForResponse((res) =>
      /\/api\/calls\/[^/]+\/recording$/.test(new URL(res.url()).pathname),
    );
    await row.getByRole("button", { name: /^Play recording of the call from/ }).click();
    expect((await fetched).ok()).toBe(true);
    const audio = row.getByTestId("recording-audio");
    await expect.poll(() => audio.evaluate((a: AudioElement) => !a.paused || a.played.length > 0)).toBe(true);

    // Its recordings: the call's, with why there is no transcript and (for the owner) Download.
    await row.getByRole("button", { name: /^Recordings and transcript of the call with/ }).click();
    const dialog = page.getByRole("dialog", { name: /^Call with/ });
    const recording = dialog.getByRole("region", { name: "Recording 1" });
    await expect(recording).toContainText("Recording 1: Call");
    // The transcript, each party's words in turn (the carrier's transcription, on the simulator).
    const transcript = recording.getByRole("list", { name: "Transcript" });
    await expect(transcript.getByRole("listitem")).toHaveText([
      /Team:\s*Recorded Advice, Rita speaking\./,
      /Caller:\s*Hi, I am calling about my lease\./,
      /Team:\s*Of course, let me find it\./,
    ]);
    const dialogAudio = recording.getByTestId("recording-audio");
    const played = page.waitForResponse((res) =>
      /\/api\/calls\/[^/]+\/recordings\/[^/]+\/audio$/.test(new URL(res.url()).pathname),
    );
    await recording.getByRole("button", { name: "Play recording 1 of the call" }).click();
    expect((await played).ok()).toBe(true);
    await expect
      .poll(() => dialogAudio.evaluate((a: AudioElement) => !a.paused || a.played.length > 0))
      .toBe(true);

    const download = page.waitForEvent("download");
    await recording.getByRole("link", { name: "Download" }).click();
    expect((await download).suggestedFilename()).toMatch(
      new RegExp(`^call-\\d{4}-\\d{2}-\\d{2}-\\d{4}-${from.slice(1)}\\.wav$`),
    );

    const axe = await seriousAxeViolations(page);
    expect(axe.count, axe.report).toBe(0);

    // The history finds the call by what was said on it.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("textbox", { name: "Search", exact: true }).fill("calling about my lease");
    await expect(rows(page).filter({ hasText: from.slice(-4) })).toHaveCount(1);
  });
});
