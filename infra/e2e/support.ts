import { createHash } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, test as base, expect, type Page } from "@playwright/test";
import { totpCode, totpKeyBytes } from "@poundline/modules/auth/totp";
import { E2E_ADMIN_RECOVERY_CODES, e2eAdminRecoveryCode, e2ePasswords } from "./passwords";

/** Helpers shared by the end-to-end specs. */

/** The demo logins start-server.ts seeds, with this run's passwords (passwords.ts). */
const passwords = e2ePasswords();
export const demoUser = { email: "demo@poundline.local", password: passwords.demo };
/** The demo account's member (role "member", seeded): start-server.ts gives them the demo password. */
export const demoMember = { email: "sam.rivera@demolawgroup.example", password: passwords.demo };
/** The admin has two-factor authentication (the admin area requires it): `totpKey` makes its codes. */
export const adminUser = {
  email: "admin@poundline.local",
  password: passwords.admin,
  totpKey: passwords.adminTotpKey,
};

interface Login {
  email: string;
  password: string;
  /** For a user with two-factor authentication: the sign-in helpers type its current code. */
  totpKey?: string;
}

const TOTP_STEP_MS = 30_000;

/**
 * A code of this key the server has not accepted yet. Each code works once (the server keeps the
 * last step used per user) and the specs sign in from parallel workers, so the steps this run has
 * used are kept in a file the workers share: the current step's code, else the next step's (the
 * server accepts one step of drift), else the clock has to reach a new step first.
 */
export async function unusedTotpCode(totpKey: string): Promise<string> {
  const key = totpKeyBytes(totpKey) as Uint8Array;
  const file = join(
    tmpdir(),
    `poundline-e2e-totp-${createHash("sha256").update(totpKey).digest("hex").slice(0, 16)}`,
  );
  for (;;) {
    const step = Math.floor(Date.now() / TOTP_STEP_MS);
    const claimed = await underFileLock(`${file}.lock`, () => {
      const last = existsSync(file) ? Number(readFileSync(file, "utf8")) : Number.NEGATIVE_INFINITY;
      const next = Math.max(step, last + 1);
      if (next > step + 1) return null;
      writeFileSync(file, String(next));
      return next;
    });
    if (claimed !== null) return totpCode(key, new Date(claimed * TOTP_STEP_MS));
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * TOTP_STEP_MS - Date.now() + 50));
  }
}

/** A recovery code of the seeded admin no test of this run has used (the workers share a counter file). */
async function unusedAdminRecoveryCode(): Promise<string> {
  const file = join(
    tmpdir(),
    `poundline-e2e-recovery-${createHash("sha256").update(adminUser.totpKey).digest("hex").slice(0, 16)}`,
  );
  const index = await underFileLock(`${file}.lock`, () => {
    const next = existsSync(file) ? Number(readFileSync(file, "utf8")) + 1 : 0;
    writeFileSync(file, String(next));
    return next;
  });
  if (index >= E2E_ADMIN_RECOVERY_CODES)
    throw new Error(`the run used all ${E2E_ADMIN_RECOVERY_CODES} admin recovery codes`);
  return e2eAdminRecoveryCode(index);
}

/** Runs `claim` while holding a lock file (created exclusively), shared by the worker processes. */
async function underFileLock<T>(lock: string, claim: () => T): Promise<T> {
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  try {
    return claim();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Where the API e-mails contact-form messages (CONTACT_INBOX, default). */
export const contactInbox = "sales@poundline.com";

/** A registration (POST /api/auth/register) that passes every rule, with an Orlando E911 address. */
export function registrationBody(person: {
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  password: string;
}) {
  return {
    ...person,
    confirmPassword: person.password,
    addressLine1: "1 Main St",
    city: "Orlando",
    state: "FL",
    zipCode: "32801",
    country: "US",
  };
}

/** An address no other test (or run) uses. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The form control with this label. A string matches the whole label, ignoring case and the
 * required-field asterisk; a RegExp is used as it is.
 */
export function field(page: Page, label: string | RegExp) {
  if (label instanceof RegExp) return page.getByLabel(label);
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByLabel(new RegExp(`^${escaped}( \\*)?$`, "i"));
}

/** Picks `option` in the select (Mantine Select) with this label. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("textbox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).click();
}

/** A visible toast (Mantine notification) with this title. */
export function toast(page: Page, title: string | RegExp) {
  return page.locator(".mantine-Notification-root").filter({ hasText: title });
}

/** Registers an account through the API (confirmation e-mail pending), as the sign-up form does. */
export async function registerAccount(
  request: APIRequestContext,
  email: string,
  password: string,
  company: string,
  name: { firstName: string; lastName: string } = { firstName: "Riley", lastName: "Tester" },
) {
  const registered = await request.post("/api/auth/register", {
    data: registrationBody({ ...name, email, company, password }),
  });
  expect(registered.ok(), await registered.text()).toBe(true);
}

/** Waits until the app is past its session check: "Loading application..." never stays. */
export async function appReady(page: Page) {
  await expect(page.getByText("Loading application...")).toBeHidden({ timeout: 15_000 });
}

/**
 * Opens a screen of the console or the admin area by its address and waits until it has drawn:
 * its heading shown, the page's loaders and spinners gone.
 */
export async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.locator(".mantine-Loader:visible, .mantine-datatable-loader-fetching")).toHaveCount(0);
}

/** Signs in through the login page, as a person would (with the two-factor code when the user has it). */
export async function signInThroughPage(page: Page, user: Login) {
  await field(page, /^Email( Address)?( \*)?$/i).fill(user.email);
  await field(page, "Password").fill(user.password);
  await page.getByRole("button", { name: /^(sign in|log in)$/i }).click();
  if (user.totpKey === adminUser.totpKey) await enterAdminRecoveryCode(page);
  else if (user.totpKey) await enterTwoFactorCode(page, await unusedTotpCode(user.totpKey));
}

/**
 * The seeded admin signs in from many specs at once, and a TOTP code works once per 30 s step:
 * waiting for free steps outlasted a test under load. It types one of this run's recovery codes
 * instead; settings.spec.ts signs in through the page with authenticator codes.
 */
async function enterAdminRecoveryCode(page: Page) {
  await expect(page.getByRole("heading", { name: "Two-Factor Authentication" })).toBeVisible();
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await field(page, "Recovery code").fill(await unusedAdminRecoveryCode());
  await page.getByRole("button", { name: "Verify" }).click();
}

/** The sign-in's second step: types a code from the authenticator app. */
export async function enterTwoFactorCode(page: Page, code: string) {
  await expect(page.getByRole("heading", { name: "Two-Factor Authentication" })).toBeVisible();
  await field(page, "Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

/** Opens /login and signs in. */
export async function signIn(page: Page, user: Login) {
  await page.goto("/login");
  await appReady(page);
  await signInThroughPage(page, user);
}

/**
 * The tests, with `admin`: an API client signed in as the seeded admin, to read what the server
 * stored (the e-mail outbox) the way an operator would.
 */
export const test = base.extend<{ admin: APIRequestContext }>({
  admin: async ({ playwright, baseURL }, provide) => {
    const api = await playwright.request.newContext({ baseURL: baseURL ?? "" });
    const response = await api.post("/api/auth/login", {
      data: { email: adminUser.email, password: adminUser.password },
    });
    expect(response.ok(), `admin login: ${response.status()} ${await response.text()}`).toBe(true);
    // A cookie-authenticated write: it carries our Origin, as the browser's would. A recovery code
    // of its own (see passwords.ts): TOTP codes, good once per 30 s, are kept for the pages' sign-ins.
    const verified = await api.post("/api/auth/two-factor/verify", {
      headers: { origin: baseURL ?? "" },
      data: { recoveryCode: await unusedAdminRecoveryCode() },
    });
    expect(verified.ok(), `admin two-factor: ${verified.status()} ${await verified.text()}`).toBe(true);
    await provide(api);
    await api.dispose();
  },
});

export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  template: string;
  status: string;
  textBody: string;
  htmlBody: string | null;
}

/**
 * The newest outbox e-mail to `to` with this template, read through GET /api/admin/emails.
 * Some e-mails are sent by a background job, so this polls for a while.
 */
export async function waitForEmail(
  api: APIRequestContext,
  to: string,
  template: string,
  matches: (email: OutboxEmail) => boolean = () => true,
): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      async () => {
        const list = await api.get("/api/admin/emails", { params: { to, limit: 20 } });
        if (!list.ok()) return `GET /api/admin/emails: ${list.status()}`;
        const { emails } = (await list.json()) as { emails: { id: string; to: string; template: string }[] };
        for (const summary of emails.filter((e) => e.to === to && e.template === template)) {
          const detail = await api.get(`/api/admin/emails/${summary.id}`);
          const email = (await detail.json()) as OutboxEmail;
          if (matches(email)) {
            found = email;
            return "found";
          }
        }
        return `no ${template} e-mail to ${to} yet`;
      },
      { message: `${template} e-mail to ${to} in the outbox`, timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe("found");
  return found as OutboxEmail;
}

/** The first link in an e-mail's text whose path starts with `path`. */
export function linkIn(email: OutboxEmail, path: string): string {
  const link = (email.textBody.match(/https?:\/\/\S+/g) ?? []).find((url) => new URL(url).pathname === path);
  expect(link, `a ${path} link in:\n${email.textBody}`).toBeTruthy();
  return link as string;
}

/**
 * Time an axe run may add to its test: it walks every element of the page in the browser. On a
 * loaded machine the call history's axe test took 30-35 s of its 45 s, sign-in and page included;
 * a little more load and the budget, not the page, failed it.
 */
const AXE_RUN_BUDGET_MS = 60_000;

/** The serious and critical accessibility violations axe finds on the page, one readable block. */
export async function seriousAxeViolations(page: Page): Promise<{ count: number; report: string }> {
  const info = base.info();
  info.setTimeout(info.timeout + AXE_RUN_BUDGET_MS);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `    - ${n.target.join(" ")}\n      ${n.html.slice(0, 200)}\n      ${n.failureSummary ?? ""}`,
        )
        .join("\n");
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : "";
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join("\n\n");
  return { count: serious.length, report };
}

/**
 * A new member of the demo account, signed in in a browser of their own: invited by the owner
 * signed in on `owner`, registered through the invitation's link. No other spec knows them, so no
 * other spec changes their availability or signs them in meanwhile.
 */
export async function newTeammate(
  owner: Page,
  browser: Browser,
  admin: APIRequestContext,
  name: { firstName: string; lastName: string },
): Promise<{ page: Page; email: string }> {
  const email = uniqueEmail(`teammate-${name.firstName.toLowerCase()}`);
  const invited = await owner.request.post("/api/team/invitations", {
    headers: { origin: new URL(owner.url()).origin },
    data: { email, role: "member" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitation = await waitForEmail(admin, email, "team_invitation");
  const link = invitation.textBody.match(/https?:\/\/\S+\/invitations\/[a-z2-7]+/)?.[0];
  expect(link, `an invitation link in:\n${invitation.textBody}`).toBeTruthy();
  const page = await (await browser.newContext()).newPage();
  await page.goto(link ?? "");
  await appReady(page);
  await page.getByLabel(/^First name/).fill(name.firstName);
  await page.getByLabel(/^Last name/).fill(name.lastName);
  const password = `Teammate-${Math.random().toString(36).slice(2, 10)}-2026!`;
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole("button", { name: "Create Account and Join" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { page, email };
}

/** Releases the number `e164` of the account signed in on `page`, if it has it: a spec leaves the demo's plan room. */
export async function releaseNumber(page: Page, e164: string): Promise<void> {
  const list = (await (await page.request.get("/api/numbers")).json()) as {
    numbers: { id: string; e164: string }[];
  };
  const number = list.numbers.find((n) => n.e164 === e164);
  if (!number) return;
  const released = await page.request.delete(`/api/numbers/${number.id}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(released.status(), await released.text()).toBe(204);
}

/**
 * A number of the demo account bought by the owner signed in on `page`, for one test (area code
 * 321). Another spec may buy the same offered number at the same moment: another is taken then.
 */
export async function buyNumber(page: Page, friendlyName: string): Promise<{ id: string; e164: string }> {
  let bought = { id: "", e164: "" };
  await expect(async () => {
    const offered = await page.request.get("/api/numbers/available?areaCode=321");
    const { numbers } = (await offered.json()) as { numbers: { e164: string }[] };
    const pick = numbers[Math.floor(Math.random() * numbers.length)]?.e164 ?? "";
    const res = await page.request.post("/api/numbers", {
      headers: { origin: new URL(page.url()).origin },
      data: { e164: pick, friendlyName },
    });
    expect(res.status(), await res.text()).toBe(201);
    bought = (await res.json()) as typeof bought;
  }).toPass();
  return bought;
}
