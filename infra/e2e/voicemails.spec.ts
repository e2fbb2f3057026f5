import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { appReady, demoUser, seriousAxeViolations, signIn, test } from "./support";

/** The parts of the page's audio element the test reads (the e2e project has no DOM types). */
interface AudioElement {
  paused: boolean;
  played: { length: number };
  muted: boolean;
  currentTime: number;
  seekable: { length: number; end(index: number): number };
  play(): Promise<void>;
}

/** Cookie-authenticated writes carry the app's Origin, as the browser's do. */
const origin = (page: Page) => new URL(page.url()).origin;

interface VoicemailJson {
  id: string;
  fromNumber: string;
  status: string;
  hasRecording: boolean;
}

async function openVoicemails(page: Page) {
  await signIn(page, demoUser);
  await page.waitForURL(/\/dashboard/);
  await page.goto("/dashboard/voicemails");
  await appReady(page);
  await expect(page.getByRole("heading", { name: "Voicemails", level: 1 })).toBeVisible();
}

/**
 * A caller leaves a voicemail through the carrier simulator (the demo IVR's 3: "leave a message
 * for your attorney"), saying `words` (none: silence); resolves once the voicemail worker has
 * stored the recording. The simulator transcribes it, as the carrier would: the words said.
 */
async function leaveVoicemail(page: Page, words?: string): Promise<VoicemailJson> {
  const senders = (await (await page.request.get("/api/conversations/senders")).json()) as {
    numbers: { e164: string }[];
  };
  const to = senders.numbers[0]?.e164 ?? "";
  const from = `+1786555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  const call = await page.request.post("/carrier-sim/sim/calls", {
    headers: { origin: origin(page) },
    data: { from, to, press: ["3"], recordSeconds: 3, ...(words ? { transcriptionText: words } : {}) },
  });
  expect(call.ok(), await call.text()).toBe(true);
  let found: VoicemailJson | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/voicemails?q=${encodeURIComponent(from)}`);
      found = ((await res.json()) as { voicemails: VoicemailJson[] }).voicemails[0];
      return found?.hasRecording ?? false;
    })
    .toBe(true);
  if (!found) throw new Error("no voicemail");
  return found;
}

const digits = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

test.describe("Voicemails", () => {
  test("plays a stored recording (seekable, range requests) and marks it read", async ({ page }) => {
    await openVoicemails(page);
    const words = "Hi, this is Ana from Orlando, please call me back about my lease.";
    const vm = await leaveVoicemail(page, words);
    await page.reload();
    const item = page.getByTestId("voicemail").filter({ hasText: digits(vm.fromNumber) });
    await expect(item).toHaveAttribute("data-status", "unread");
    // No carrier account: the simulator transcribes, out of the box, what its caller said.
    await expect(item).toContainText(words);

    await item.getByRole("button", { name: /^Play voicemail from/ }).click();
    const audio = item.getByTestId("voicemail-audio");
    await expect(audio).toBeVisible();
    // Play voicemail plays: the player opens playing.
    await expect.poll(() => audio.evaluate((a: AudioElement) => !a.paused || a.played.length > 0)).toBe(true);
    // The browser read the recording's length and can seek anywhere in it.
    await expect
      .poll(() => audio.evaluate((a: AudioElement) => (a.seekable.length > 0 ? a.seekable.end(0) : 0)))
      .toBeGreaterThan(2);
    const range = await page.request.get(`/api/voicemails/${vm.id}/audio`, {
      headers: { range: "bytes=44-99" },
    });
    expect(range.status()).toBe(206);
    expect(range.headers()["content-range"]).toMatch(/^bytes 44-99\/\d+$/);

    await audio.evaluate(async (a: AudioElement) => {
      a.muted = true;
      a.currentTime = 1;
      await a.play();
    });
    await expect(item).toHaveAttribute("data-status", "read");
    const stored = (await (
      await page.request.get(`/api/voicemails?q=${encodeURIComponent(vm.fromNumber)}`)
    ).json()) as {
      voicemails: VoicemailJson[];
    };
    expect(stored.voicemails[0]?.status).toBe("read");
  });

  test("unread only, search, mark unread, export and delete with confirmation", async ({ page }) => {
    await openVoicemails(page);
    const vm = await leaveVoicemail(page);
    await page.getByRole("textbox", { name: "Search voicemails" }).fill(vm.fromNumber.slice(2));
    const item = page.getByTestId("voicemail");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(digits(vm.fromNumber));
    // The caller said nothing: transcribed, with no words.
    await expect(item).toContainText("No words were heard in this message.");

    await item.getByRole("button", { name: /as read$/ }).click();
    await expect(item).toHaveAttribute("data-status", "read");
    await page.getByRole("switch", { name: "Unread only" }).check({ force: true });
    await expect(page.getByText("No voicemails found matching your criteria.")).toBeVisible();
    await page.getByRole("switch", { name: "Unread only" }).uncheck({ force: true });
    await item.getByRole("button", { name: /as unread$/ }).click();
    await expect(item).toHaveAttribute("data-status", "unread");

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^voicemails-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) ?? "", "utf8");
    // A byte-order mark first, so that spreadsheets read the file as UTF-8 (http/csv-export.ts).
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")[0]).toBe(
      '"Date","From","Contact","To","Duration (seconds)","Status","Transcription"',
    );
    expect(csv).toContain(`"${vm.fromNumber}"`);

    await item.getByRole("button", { name: /^Delete voicemail/ }).click();
    const confirm = page.getByRole("dialog", { name: "Delete voicemail?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(item).toHaveCount(1);
    await item.getByRole("button", { name: /^Delete voicemail/ }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No voicemails found matching your criteria.")).toBeVisible();
    const audio = await page.request.get(`/api/voicemails/${vm.id}/audio`);
    expect(audio.status()).toBe(404);
  });

  test("axe: no serious or critical violation, with a playback bar open", async ({ page }) => {
    await openVoicemails(page);
    await page
      .getByRole("button", { name: /^Play voicemail from/ })
      .first()
      .click();
    await page.waitForLoadState("networkidle");
    const { count, report } = await seriousAxeViolations(page);
    expect(count, `axe found serious/critical violations on /dashboard/voicemails:\n\n${report}\n`).toBe(0);
  });
});
