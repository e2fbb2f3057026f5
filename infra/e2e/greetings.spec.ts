import { expect, type Locator, type Page } from "@playwright/test";
import { openIvrMenus } from "./ivr-support";
import { appReady, choose, demoUser, seriousAxeViolations, signIn, test, toast } from "./support";

/** The demo account's main line (packages/db/src/seed/phone-system.ts). */
const MAIN_LINE = "+14075550123";

/** A tiny but real WAV file (8 kHz, 8-bit, a tenth of a second of silence). */
function wavFile(): Buffer {
  const samples = 800;
  const buffer = Buffer.alloc(44 + samples, 0x80);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(8000, 24);
  buffer.writeUInt32LE(8000, 28);
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(samples, 40);
  return buffer;
}

/** The URL of the recording callers hear, as the greeting's section plays it. */
async function playedRecording(section: Locator): Promise<string> {
  const audio = section.getByLabel("Voicemail greeting: the recording callers hear");
  await expect(audio).toHaveAttribute("src", /\/media\/greetings\/acct_[a-z0-9]+\/num_[a-z0-9]+_voicemail_/);
  return (await audio.getAttribute("src")) ?? "";
}

/** The stored file behind a greeting's URL: served to the carrier as it was saved. */
async function storedFile(page: Page, url: string): Promise<Buffer> {
  const res = await page.request.get(new URL(url).pathname);
  expect(res.status()).toBe(200);
  return res.body();
}

test.describe("Greetings", () => {
  test("a number's voicemail greeting by text to speech, by upload, and recorded in the browser", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    await page.goto("/dashboard/call-routing");
    await appReady(page);
    await choose(page, "Phone Number", MAIN_LINE);
    const section = page.getByRole("region", { name: "Voicemail greeting" });
    await expect(section).toBeVisible();

    // Text to speech: the words and a voice, saved on their own.
    const words = `Demo Law Group, greeting ${Date.now()}. Please leave a message.`;
    await section.getByRole("tab", { name: "Text to speech" }).click();
    await section.getByRole("textbox", { name: "Voicemail greeting: greeting text" }).fill(words);
    await section.getByRole("button", { name: "Save greeting text" }).click();
    await expect(toast(page, "Greeting Saved").last()).toBeVisible();
    // The words in a <q> (its quotation marks are the stylesheet's).
    await expect(section.getByText(`Callers hear: ${words}`)).toBeVisible();
    const listed = (await (await page.request.get("/api/greetings")).json()) as {
      items: { kind: string; text: string | null; slot: string }[];
    };
    expect(listed.items).toContainEqual(
      expect.objectContaining({ kind: "tts", text: words, slot: "voicemail" }),
    );
    const axeTts = await seriousAxeViolations(page);
    expect(axeTts.count, axeTts.report).toBe(0);

    // Upload: a WAV file becomes the recording callers hear.
    await section.getByRole("tab", { name: "Upload" }).click();
    await section.locator('input[type="file"]').setInputFiles({
      name: "greeting.wav",
      mimeType: "audio/wav",
      buffer: wavFile(),
    });
    await expect(toast(page, "Recording Saved").last()).toBeVisible();
    const uploaded = await playedRecording(section);
    expect((await storedFile(page, uploaded)).equals(wavFile())).toBe(true);

    // Record in browser (Chromium's fake microphone): listened to, then saved as 16-bit PCM WAV.
    await section.getByRole("tab", { name: "Record in browser" }).click();
    await section.getByRole("button", { name: "Start recording" }).click();
    // A take of a second or more: the clock has counted it.
    await expect(section.getByRole("status").filter({ hasText: /Recording… 0:0[1-9]/ })).toBeVisible();
    await section.getByRole("button", { name: "Stop recording" }).click();
    await expect(section.getByLabel("Voicemail greeting: recorded in the browser")).toBeVisible();
    const axeRecorded = await seriousAxeViolations(page);
    expect(axeRecorded.count, axeRecorded.report).toBe(0);
    await section.getByRole("button", { name: "Save recording" }).click();
    await expect(toast(page, "Recording Saved").last()).toBeVisible();
    await expect.poll(() => playedRecording(section)).not.toBe(uploaded);
    const recorded = await storedFile(page, await playedRecording(section));
    expect(recorded.toString("ascii", 0, 4)).toBe("RIFF");
    expect(recorded.toString("ascii", 8, 12)).toBe("WAVE");
    expect(recorded.readUInt16LE(20)).toBe(1); // PCM
    expect(recorded.readUInt16LE(22)).toBe(1); // mono
    expect(recorded.readUInt32LE(24)).toBe(16_000);
    expect(recorded.readUInt16LE(34)).toBe(16);
    // The replaced upload is gone from the storage.
    expect((await page.request.get(new URL(uploaded).pathname)).status()).toBe(404);

    // Record by phone: the carrier simulator calls the phone, whose default callee answers but
    // presses no key: the take is played back three times, then the call ends and nothing is saved.
    // (1 saves and 2 records again: apps/api/test/greetings/record-by-phone.test.ts.)
    await section.getByRole("tab", { name: "Record by phone" }).click();
    await section.getByRole("textbox", { name: "Voicemail greeting: your phone" }).fill("+13055550142");
    const axePhone = await seriousAxeViolations(page);
    expect(axePhone.count, axePhone.report).toBe(0);
    await section.getByRole("button", { name: "Call me" }).click();
    await expect(section.getByRole("status").filter({ hasText: "Hung up: nothing was saved." })).toBeVisible({
      timeout: 30_000,
    });
    const recordedUrl = await playedRecording(section);
    expect((await storedFile(page, recordedUrl)).equals(recorded)).toBe(true);
  });

  test("the extension editor and the IVR menu editor offer the same greeting editor", async ({ page }) => {
    await signIn(page, demoUser);
    await page.waitForURL(/\/dashboard/);
    await page.goto("/dashboard/extensions");
    await appReady(page);
    await page.getByRole("table", { name: "Extensions" }).getByRole("row").nth(1).click();
    const dialog = page.getByRole("dialog", { name: "Edit Extension" });
    const greeting = dialog.getByRole("region", { name: "Voicemail greeting" });
    await expect(greeting).toBeVisible();
    for (const tab of ["Text to speech", "Upload", "Record in browser", "Record by phone"])
      await expect(greeting.getByRole("tab", { name: tab })).toBeVisible();
    const axeExtension = await seriousAxeViolations(page);
    expect(axeExtension.count, axeExtension.report).toBe(0);
    await dialog.getByRole("button", { name: "Close dialog" }).click();

    await openIvrMenus(page);
    await page
      .getByRole("navigation", { name: "IVR menus" })
      .getByRole("button", { name: /^Main Menu/ })
      .click();
    await page.getByRole("tab", { name: "Prompts" }).click();
    await page.getByRole("tab", { name: "Record in browser" }).click();
    await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
    await page.getByRole("tab", { name: "Record by phone" }).click();
    await expect(page.getByRole("button", { name: "Call me" })).toBeVisible();
    const axeIvr = await seriousAxeViolations(page);
    expect(axeIvr.count, axeIvr.report).toBe(0);
  });
});
