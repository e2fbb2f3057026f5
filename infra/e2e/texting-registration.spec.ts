import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { e2ePasswords } from "./passwords";
import { appReady, choose, field, seriousAxeViolations, signIn, test, toast } from "./support";
import { textingAccount } from "./texting-account";

const owner = { email: textingAccount.email, password: e2ePasswords().trial };
/** The business's name this run: the carrier's reviewer finds its profile, trust product, brand and campaign by it. */
const legalName = `Tess Plumbing ${Date.now()} LLC`;

interface UnderReview {
  sid: string;
  kind: "profile" | "trustProduct" | "brand" | "campaign";
  name: string | null;
  status: string;
}

/** The carrier's reviewer: the simulator's control, asked from this machine (no customer session). */
async function reviewer(baseURL: string | undefined): Promise<APIRequestContext> {
  const { request } = await import("@playwright/test");
  return request.newContext({ baseURL: baseURL ?? "" });
}

/** Approves this run's profile, trust product, brand or campaign once the carrier has it. */
async function approve(carrier: APIRequestContext, kind: UnderReview["kind"]) {
  let sid = "";
  await expect
    .poll(async () => {
      const list = (await (await carrier.get("/carrier-sim/sim/registrations")).json()) as UnderReview[];
      sid = list.find((entry) => entry.kind === kind && entry.name === legalName)?.sid ?? "";
      return sid;
    })
    .not.toBe("");
  const res = await carrier.post(`/carrier-sim/sim/registrations/${sid}`, { data: { decision: "approve" } });
  expect(res.ok(), await res.text()).toBe(true);
}

const sendText = (page: Page) =>
  page.request.post("/api/messages", {
    headers: { origin: new URL(page.url()).origin },
    data: { from: textingAccount.number, to: "+13055550199", body: "Your plumber is on the way." },
  });

async function fillBusiness(page: Page) {
  await field(page, "Legal business name").fill(legalName);
  await field(page, "EIN").fill("12-3456789");
  await choose(page, "Business type", "Limited Liability Corporation");
  await choose(page, "Industry", "Construction");
  await field(page, "Website").fill("https://tess-plumbing.example");
  await field(page, "Street address").fill("1 Main St");
  await field(page, "City").fill("Miami");
  await choose(page, "State", "FL");
  await field(page, "ZIP code").fill("33101");
  await field(page, "Contact first name").fill("Tess");
  await field(page, "Contact last name").fill("Texter");
  await field(page, "Contact job title").fill("Owner");
  await field(page, "Contact email").fill("tess@tess-plumbing.example");
  await field(page, "Contact phone").fill("+13055550100");
}

async function fillCampaign(page: Page) {
  await choose(page, "Use case", "Mixed");
  await field(page, "Campaign description").fill(
    "Appointment reminders and replies to customers who text us first.",
  );
  await field(page, "How people opt in").fill(
    "Customers opt in on our booking form or by texting our shop line first.",
  );
  await field(page, "Sample message 1").fill(
    "Your plumber arrives tomorrow between 9 and 11am. Reply STOP to opt out.",
  );
  await field(page, "Sample message 2").fill(
    "Thanks for your message, we will call you back within the hour.",
  );
}

test("a business registers for texting: refused before, fees shown and charged, each review followed, texts after", async ({
  page,
  baseURL,
}) => {
  await signIn(page, owner);
  await page.waitForURL(/\/dashboard/);
  const refused = await sendText(page);
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.message).toMatch(
    /registered for A2P 10DLC\. Register your business in Settings → Texting registration/,
  );

  await page.goto("/dashboard/settings?tab=texting");
  await appReady(page);
  await expect(page.getByRole("tab", { name: "Texting registration", selected: true })).toBeVisible();
  const axe = await seriousAxeViolations(page);
  expect(axe.count, axe.report).toBe(0);

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Enter the 9-digit EIN, e.g. 12-3456789.")).toBeVisible();
  await fillBusiness(page);
  await page.getByRole("button", { name: "Next" }).click();
  await fillCampaign(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("$19.41").first()).toBeVisible();
  await expect(
    page.getByText(
      "Then, each month the campaign is active: $10.00 ($1.50 for the low-volume use case), from your wallet.",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Pay $19.41 and Submit" }).click();
  await expect(toast(page, "Registration Submitted")).toBeVisible();
  await expect(page.getByText("Business profile under review")).toBeVisible();
  expect((await (await sendText(page)).json()).error.message).toMatch(/still under review by the carrier/);

  const carrier = await reviewer(baseURL);
  await approve(carrier, "profile");
  await approve(carrier, "trustProduct");
  await expect(page.getByText("Brand under review")).toBeVisible({ timeout: 20_000 });
  await approve(carrier, "brand");
  await expect(page.getByText("Campaign under review")).toBeVisible({ timeout: 20_000 });
  await approve(carrier, "campaign");
  await expect(page.getByText("Approved", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/fees charged \$19\.41/)).toBeVisible();
  await carrier.dispose();

  expect((await sendText(page)).status()).toBe(201);
});
