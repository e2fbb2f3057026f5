import { expect, type Page, test } from "@playwright/test";
import { appReady, demoUser, releaseNumber, seriousAxeViolations, signIn, toast } from "./support";

/** A toll-free number bought by the demo owner for this test (another spec may take an offer first). */
async function buyTollFree(page: Page): Promise<{ id: string; e164: string }> {
  let bought = { id: "", e164: "" };
  await expect(async () => {
    const offered = await page.request.get("/api/numbers/available?type=toll-free");
    const { numbers } = (await offered.json()) as { numbers: { e164: string }[] };
    const pick = numbers[Math.floor(Math.random() * numbers.length)]?.e164 ?? "";
    const res = await page.request.post("/api/numbers", {
      headers: { origin: new URL(page.url()).origin },
      data: { e164: pick, friendlyName: "Texting line" },
    });
    expect(res.status(), await res.text()).toBe(201);
    bought = (await res.json()) as typeof bought;
  }).toPass();
  return bought;
}

const sendText = (page: Page, from: string) =>
  page.request.post("/api/messages", {
    headers: { origin: new URL(page.url()).origin },
    data: { from, to: "+14155550123", body: "Your appointment is confirmed." },
  });

/** The carrier's reviewer decides the number's verification (the simulator's control). */
async function review(page: Page, e164: string, decision: object) {
  const list = (await (await page.request.get("/carrier-sim/sim/tollfree-verifications")).json()) as {
    sid: string;
    tollfree_phone_number: string;
  }[];
  const sid = list.find((v) => v.tollfree_phone_number === e164)?.sid;
  expect(sid, `a verification of ${e164} at the carrier`).toBeTruthy();
  const res = await page.request.post(`/carrier-sim/sim/tollfree-verifications/${sid}/review`, {
    headers: { origin: new URL(page.url()).origin },
    data: decision,
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function fillProfile(page: Page) {
  const form = page.getByRole("form", { name: "Toll-free verification profile" });
  const fill = (label: string | RegExp, value: string) => form.getByLabel(label).first().fill(value);
  await fill(/^Business name/, "Demo Law Group");
  await fill(/^Website/, "https://demolawgroup.example");
  await fill(/^Street address/, "200 S Orange Ave");
  await fill(/^City/, "Orlando");
  await fill(/^State or province/, "FL");
  await fill(/^Postal code/, "32801");
  await fill(/^Contact first name/, "Dana");
  await fill(/^Contact last name/, "Reyes");
  await fill(/^Contact e-mail/, "intake@demolawgroup.example");
  await fill(/^Contact phone/, "+14075550123");
  await fill(/^E-mail for the carrier's decision/, "intake@demolawgroup.example");
  await form.getByRole("checkbox", { name: "Customer care" }).check();
  await fill(/^What you text about/, "Replies to people who contact our intake line.");
  await fill(/^A sample message/, "Demo Law Group: your consultation is on Tuesday at 10am.");
  await form.getByRole("textbox", { name: /^How people opt in/ }).click();
  await page.getByRole("option", { name: "Web form" }).click();
  const images = form.getByRole("textbox", { name: /^Links to images of your opt-in/ });
  await images.fill("https://demolawgroup.example/opt-in.png");
  await images.press("Enter");
  await fill(/^Texts a month/, "1000");
}

test("an owner verifies a toll-free number: refused texts until approved, a rejection corrected and resubmitted", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, demoUser);
  await page.waitForURL(/\/dashboard/);
  const number = await buyTollFree(page);

  try {
    const refused = await sendText(page, number.e164);
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /not verified for texting yet\. Submit its toll-free verification/,
    );

    await page.goto("/dashboard/numbers");
    await appReady(page);
    const verificationLink = page.getByRole("link", {
      name: new RegExp(`Toll-free verification of .*${number.e164.slice(-4)}`),
    });
    await expect(verificationLink).toBeVisible({ timeout: 60_000 });
    await verificationLink.click();
    await expect(page.getByRole("heading", { name: "Toll-Free Verification", level: 1 })).toBeVisible();
    await expect(
      page.getByText("No fee: the carrier charges nothing for toll-free verification."),
    ).toBeVisible();
    const before = await seriousAxeViolations(page);
    expect(before.count, before.report).toBe(0);

    await fillProfile(page);
    await page.getByRole("button", { name: "Submit for Verification" }).click();
    await expect(toast(page, "Verification Submitted")).toBeVisible();
    await expect(page.getByTestId("toll-free-status")).toHaveText("Pending review");
    expect((await sendText(page, number.e164)).status()).toBe(400);

    await review(page, number.e164, {
      decision: "reject",
      reason: "The opt-in image does not show consent.",
    });
    await expect(page.getByTestId("toll-free-status")).toHaveText("Rejected", { timeout: 60_000 });
    await expect(page.getByText("The opt-in image does not show consent.")).toBeVisible();
    const rejected = await seriousAxeViolations(page);
    expect(rejected.count, rejected.report).toBe(0);

    await page.getByRole("button", { name: "Correct and Resubmit" }).click();
    await page.getByRole("button", { name: "Resubmit for Verification" }).click();
    await expect(toast(page, "Verification Resubmitted")).toBeVisible();
    await expect(page.getByTestId("toll-free-status")).toHaveText(/Pending review|In review/);

    await review(page, number.e164, { decision: "approve" });
    await expect(page.getByTestId("toll-free-status")).toHaveText("Approved", { timeout: 60_000 });
    await expect(page.getByText("Verified: this number can send texts.")).toBeVisible();
    const sent = await sendText(page, number.e164);
    expect(sent.status(), await sent.text()).toBe(201);
  } finally {
    await releaseNumber(page, number.e164);
  }
});
