import { expect, type Page } from "@playwright/test";
import {
  appReady,
  linkIn,
  registerAccount,
  seriousAxeViolations,
  signInThroughPage,
  test,
  toast,
  uniqueEmail,
  waitForEmail,
} from "./support";

/**
 * Billing & Wallet, as a new customer meets it. Stripe is the stand-in start-server.ts runs: its
 * hosted Checkout page pays, sends the signed events to /stripe/webhook and returns to the
 * success URL, as Stripe does.
 */

/** A new account (registered, e-mail confirmed, signed in): its wallet is its own. */
async function newCustomer(
  page: Page,
  admin: Parameters<typeof waitForEmail>[0],
  label: string,
): Promise<string> {
  const email = uniqueEmail(label);
  const password = "Billing-Pass-2026!";
  await registerAccount(page.request, email, password, "Billing Bakery");
  const confirmation = await waitForEmail(admin, email, "confirm_email");
  await page.goto(linkIn(confirmation, "/api/auth/confirm-email"));
  await appReady(page);
  await signInThroughPage(page, { email, password });
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

async function openBilling(page: Page) {
  await page.getByRole("link", { name: "Billing & Wallet" }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Billing & Wallet" })).toBeVisible();
}

const balance = (page: Page) => page.getByTestId("wallet-balance");

/** Asks the Stripe stand-in (Stripe's own list endpoints) for the subscriptions of the customer with this e-mail. */
async function subscriptionsAtStripe(page: Page, email: string) {
  const stripe = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;
  const headers = { authorization: "Bearer sk_test_e2e_stand_in" };
  const customers = await (
    await page.request.get(`${stripe}/v1/customers?email=${encodeURIComponent(email)}`, { headers })
  ).json();
  const customer = customers.data[0]?.id;
  expect(customer, `a Stripe customer for ${email}`).toBeTruthy();
  const list = await (
    await page.request.get(`${stripe}/v1/subscriptions?customer=${customer}&status=all`, { headers })
  ).json();
  return list.data as { status: string; items: { data: { price: { id: string } }[] } }[];
}

/** The pricing page's button of a plan (annual billing, the default). */
async function choosePlan(page: Page, plan: string) {
  await page.goto("/pricing");
  await appReady(page);
  const card = page
    .getByRole("main")
    .locator(".mantine-Card-root")
    .filter({ has: page.getByRole("heading", { name: plan, exact: true }) });
  await card.getByRole("button", { name: "Get Started" }).click();
}

test.describe("Billing & Wallet", () => {
  test("a new wallet, Add Funds through Checkout, back through the success URL, the balance after the webhook", async ({
    page,
    admin,
  }) => {
    await newCustomer(page, admin, "wallet");
    await openBilling(page);
    await expect(toast(page, "Wallet Created")).toBeVisible();
    await expect(balance(page)).toHaveText("$0.00");
    await expect(page.getByText("Your balance is low.")).toBeVisible();
    await expect(page.getByText("No transactions yet.")).toBeVisible();
    const { count, report } = await seriousAxeViolations(page);
    expect(count, report).toBe(0);

    await page.getByRole("button", { name: "Add Funds to Wallet" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Funds to Wallet" });
    await dialog.getByLabel("Custom amount (USD)").fill("3");
    await dialog.getByRole("button", { name: "Pay $3.00" }).click();
    await expect(dialog.getByText("Choose an amount from $5.00 to $1,000.00.")).toBeVisible();
    await dialog.getByText("$25.00", { exact: true }).click();
    await expect(dialog.getByRole("radio", { name: "$25.00" })).toBeChecked();
    await dialog.getByRole("button", { name: "Pay $25.00" }).click();

    // Stripe's hosted page (the stand-in's).
    await expect(page.getByRole("heading", { name: "Pay Poundline" })).toBeVisible();
    await expect(page.getByText("Total: $25.00")).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();

    await expect(toast(page, "Payment Successful")).toBeVisible();
    // The query string is cleared.
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await expect(balance(page)).toHaveText("$25.00");
    await expect(page.getByText("Your balance is low.")).toBeHidden();
    const row = page
      .getByRole("table", { name: "Wallet transactions" })
      .getByRole("row")
      .filter({ hasText: "top up" });
    await expect(row).toContainText("$25.00");

    await page.getByRole("tab", { name: "Payment Methods" }).click();
    await expect(page.getByRole("table", { name: "Saved cards" })).toContainText("VISA ending in 4242");
  });

  test("a cancelled Checkout comes back with 'Payment Cancelled' and nothing credited", async ({
    page,
    admin,
  }) => {
    await newCustomer(page, admin, "cancel");
    await openBilling(page);
    await expect(balance(page)).toHaveText("$0.00");
    await page.getByRole("button", { name: "Add Funds to Wallet" }).click();
    await page
      .getByRole("dialog", { name: "Add Funds to Wallet" })
      .getByRole("button", { name: "Pay $25.00" })
      .click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(toast(page, "Payment Cancelled")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await expect(balance(page)).toHaveText("$0.00");
  });

  test("choosing another plan while subscribed changes the one subscription: one at Stripe, the new plan on screen", async ({
    page,
    admin,
  }) => {
    const email = await newCustomer(page, admin, "plan");
    await choosePlan(page, "Starter");
    await expect(page.getByRole("heading", { name: "Pay Poundline" })).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(toast(page, "Payment Successful")).toBeVisible();
    await page.getByRole("tab", { name: "Subscriptions" }).click();
    const subscriptions = page.getByRole("table", { name: "Subscriptions" });
    await expect(subscriptions.getByRole("row").filter({ hasText: "Starter" })).toHaveCount(1);

    // Another plan: no second Checkout, the subscription changes (an upgrade, at once).
    await choosePlan(page, "Professional");
    await expect(toast(page, "Plan Changed")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await page.getByRole("tab", { name: "Subscriptions" }).click();
    await expect(subscriptions.getByRole("row").filter({ hasText: "Professional" })).toHaveCount(1);
    await expect(subscriptions.getByRole("row").filter({ hasText: "Starter" })).toHaveCount(0);

    const atStripe = await subscriptionsAtStripe(page, email);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]?.status).toBe("active");
    expect(atStripe[0]?.items.data[0]?.price.id).toBe("price_e2e_professional_annual");
  });
});
