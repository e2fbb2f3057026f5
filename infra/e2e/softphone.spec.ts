import { expect, type Locator, type Page } from "@playwright/test";
import { buyNumber, demoUser, newTeammate, seriousAxeViolations, signIn, test, toast } from "./support";

/**
 * The console's softphone on the embedded simulator (issue 24): the Phone panel, ringing in this
 * browser, answering a call and placing one, as a member does it.
 */

async function openConsole(page: Page) {
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
}

const phonePanel = (page: Page) => page.getByRole("dialog", { name: "Phone" });

/** Opens the Phone panel and waits for the device to be registered with the simulator. */
async function openPhone(page: Page) {
  await page.getByRole("button", { name: "Phone", exact: true }).click();
  const panel = phonePanel(page);
  await expect(panel.getByRole("status", { name: "Phone status: Ready" })).toBeVisible();
  return panel;
}

const randomLine = () => String(Math.floor(Math.random() * 9000) + 1000);

/**
 * A number of the demo account that rings one member alone (`email`, the owner by default): bought
 * by the owner signed in on `page` for this test and given to the member as their direct number
 * (no other spec's calls reach it). Release it when done (`releaseNumber`): the plan holds five.
 */
async function directNumberFor(page: Page, email = demoUser.email): Promise<{ id: string; e164: string }> {
  const origin = new URL(page.url()).origin;
  let member: { userId: string; email: string } | undefined;
  // A member who has just joined is listed once their membership is read.
  await expect(async () => {
    const people = (await (await page.request.get("/api/people")).json()) as {
      members: { userId: string; email: string }[];
    };
    member = people.members.find((m) => m.email === email);
    expect(member, `${email} among the account's members`).toBeTruthy();
  }).toPass();
  const bought = await buyNumber(page, "Softphone e2e");
  const given = await page.request.put(`/api/people/${member?.userId}/direct-line`, {
    headers: { origin },
    data: { directNumberId: bought.id, extensionId: null },
  });
  expect(given.ok(), await given.text()).toBe(true);
  return bought;
}

/** The test's number goes back: the demo's plan holds five, and other specs buy theirs. */
async function releaseNumber(page: Page, id: string) {
  await page.request.delete(`/api/numbers/${id}`, { headers: { origin: new URL(page.url()).origin } });
}

/**
 * A simulated caller dials `to`: the simulator answers once the call has ended (not awaited before
 * then). `answering`: numbers the call may be put through to, which answer.
 */
function dial(page: Page, from: string, to: string, answering: string[] = []) {
  const scripts = Object.fromEntries(
    answering.map((number) => [number, { outcome: "answer", talkSeconds: 30 }]),
  );
  return page.request.post("/carrier-sim/sim/calls", {
    headers: { origin: new URL(page.url()).origin },
    data: { from, to, recordSeconds: 2, ...(answering.length ? { dial: scripts } : {}) },
    timeout: 120_000,
  });
}

/** The member turns on "Ring calls in this browser" in the Phone panel, and closes it. */
async function ringInThisBrowser(page: Page) {
  const panel = await openPhone(page);
  const ring = panel.getByRole("switch", { name: "Ring calls in this browser" });
  await expect(ring).toBeEnabled();
  if (!(await ring.isChecked())) await ring.click({ force: true });
  await expect(ring).toBeChecked();
  await panel.getByRole("button", { name: "Close the phone" }).click();
  await expect(panel).toBeHidden();
  return panel;
}

/** Calls in this browser stop ringing for the owner, as the other specs find them. */
async function stopRingingBrowser(page: Page) {
  await page.request.put("/api/softphone/settings", {
    headers: { origin: new URL(page.url()).origin },
    data: { ringBrowser: false },
  });
}

/**
 * The call history filtered by a number: its rows of this direction (the legs a call rang are
 * listed with it, in its Team column, not as rows of their own).
 */
async function historyRowsOf(page: Page, digits: string, direction: "Inbound" | "Outbound") {
  await page.goto("/dashboard/call-history");
  await page.getByRole("textbox", { name: "Search", exact: true }).fill(digits);
  const rows = page.getByRole("table", { name: "Call logs" }).locator("tbody tr");
  await expect(rows.first()).toContainText(
    `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
  );
  return rows.filter({ has: page.getByText(direction, { exact: true }) });
}

/**
 * In the open "Add to the call" dialog of `page`, calls in the teammate `name` (their browser):
 * until the routing tables have her browser (she turned it on a moment ago) she is refused as not
 * available, then Call again. She answers in `teammate`; the call's parties (`scope`) list her.
 * Returns her Phone panel.
 */
async function callInTeammate(page: Page, scope: Locator, teammate: Page, name: string, caller: string) {
  const dialog = page.getByRole("dialog", { name: "Add to the call" });
  await dialog.getByRole("textbox", { name: "Teammate" }).click();
  await page.getByRole("option", { name }).click();
  const called = toast(page, `Calling ${name}`);
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: "Call", exact: true }).click();
    await expect(called.or(dialog.getByRole("alert"))).toBeVisible();
    await expect(called).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const theirIncoming = teammate.getByRole("region", { name: "Incoming call" });
  await expect(theirIncoming).toContainText(caller);
  await theirIncoming.getByRole("button", { name: "Answer" }).click();
  const theirPanel = phonePanel(teammate);
  await expect(theirPanel.getByText("On call")).toBeVisible();
  const others = scope.getByRole("list", { name: "Others on the call" });
  await expect(others.getByRole("listitem").filter({ hasText: name })).toContainText("On the call");
  return theirPanel;
}

test("the Phone panel has no serious or critical axe violations, wide and at 390 px", async ({ page }) => {
  await openConsole(page);
  const panel = await openPhone(page);
  await expect(panel.getByRole("switch", { name: "Ring calls in this browser" })).toBeEnabled();
  await expect(panel.getByRole("textbox", { name: "Caller ID" })).not.toHaveValue("");
  let axe = await seriousAxeViolations(page);
  expect(
    axe.count,
    `axe found serious/critical violations with the Phone panel open:\n\n${axe.report}\n`,
  ).toBe(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel.getByRole("button", { name: "Call", exact: true })).toBeInViewport();
  // The panel takes the width (once it has resized) and scrolls nothing sideways; the page
  // behind is console-mobile.spec.ts's.
  await expect
    .poll(async () => (await panel.boundingBox())?.width ?? Number.POSITIVE_INFINITY)
    .toBeLessThanOrEqual(390);
  const sideways = (box: { scrollWidth: number; clientWidth: number }) => box.scrollWidth - box.clientWidth;
  expect(await panel.evaluate(sideways)).toBe(0);
  axe = await seriousAxeViolations(page);
  expect(axe.count, `axe found serious/critical violations at 390 px:\n\n${axe.report}\n`).toBe(0);
});

test("a member declines a call, answers the next in the browser, mutes, notes and hangs up; then calls out from the dialer", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openConsole(page);
  const direct = await directNumberFor(page);
  try {
    let panel = await ringInThisBrowser(page);

    const incoming = page.getByRole("region", { name: "Incoming call" });
    // Declined, the call goes on to the direct number's voicemail.
    const declinedLine = randomLine();
    const declined = dial(page, `+1305555${declinedLine}`, direct.e164);
    await expect(incoming).toContainText(`(305) 555-${declinedLine}`);
    await incoming.getByRole("button", { name: "Decline" }).click();
    await expect(incoming).toBeHidden();
    const voicemail = await declined;
    expect(voicemail.ok(), await voicemail.text()).toBe(true);
    const { verbs } = (await voicemail.json()) as { verbs: { verb: string }[] };
    expect(verbs.map((v) => v.verb)).toContain("Record");

    // A caller dials the member's direct number, and the member answers in the browser.
    const line = randomLine();
    const placed = dial(page, `+1305555${line}`, direct.e164);
    await expect(incoming).toContainText(`(305) 555-${line}`);
    await incoming.getByRole("button", { name: "Answer" }).click();

    panel = phonePanel(page);
    await expect(panel.getByText("On call")).toBeVisible();
    // The timer runs: past its first second.
    await expect(panel.getByRole("timer", { name: "Call time" })).toHaveText(/^00:(0[1-9]|[1-5]\d)$/);
    await panel.getByRole("button", { name: "Mute", exact: true }).click();
    await expect(panel.getByRole("button", { name: "Unmute" })).toHaveAttribute("aria-pressed", "true");
    await panel.getByRole("button", { name: "Keypad", exact: true }).click();
    await panel.getByRole("group", { name: "Keypad tones" }).getByRole("button", { name: "Key 5" }).click();

    // Notes typed during the call reach its log (written by the carrier's report, at the latest when it ends).
    const note = `Asked for a callback ${line}`;
    await panel.getByRole("textbox", { name: "Call notes" }).fill(note);
    await panel.getByRole("button", { name: "Save notes" }).click();

    await panel.getByRole("button", { name: "Hang up" }).click();
    await expect(panel.getByText("Call ended")).toBeVisible();
    expect((await placed).ok()).toBe(true);
    await expect(toast(page, "Notes saved")).toBeVisible();

    // Tags and a disposition for the call just handled, from the softphone.
    const tag = `softphone-${line}`;
    await panel.getByRole("button", { name: "Add tags" }).click();
    const tagDialog = page.getByRole("dialog", { name: "Tags and Disposition" });
    await tagDialog.getByRole("textbox", { name: "Tags" }).fill(tag);
    await tagDialog.getByRole("textbox", { name: "Tags" }).press("Enter");
    // The account's other tags stay offered below the input: leave it so its list closes.
    await tagDialog.getByRole("heading", { name: "Tags and Disposition" }).click();
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await tagDialog.getByRole("textbox", { name: "Disposition" }).click();
    await page.getByRole("option", { name: "Resolved" }).click();
    const tagAxe = await seriousAxeViolations(page);
    expect(tagAxe.count, tagAxe.report).toBe(0);
    await tagDialog.getByRole("button", { name: "Save Tags" }).click();
    await expect(toast(page, "Tags saved")).toBeVisible();
    await expect(panel.getByRole("button", { name: `Edit tags: ${tag}, Resolved` })).toBeVisible();
    await panel.getByRole("button", { name: "Done" }).click();

    // Outbound: the dialer calls an outside number with the default caller ID.
    const outLine = randomLine();
    await panel.getByRole("textbox", { name: "Number to call" }).fill(`+1404555${outLine}`);
    await expect(panel.getByRole("textbox", { name: "Caller ID" })).not.toHaveValue("");
    await panel.getByRole("button", { name: "Call", exact: true }).click();
    await expect(panel.getByText("(404) 555-")).toBeVisible();
    await expect(panel.getByText("On call")).toBeVisible();
    // Hold the callee (once their phone has answered: until then there is nobody to hold), resume.
    await expect(async () => {
      await panel.getByRole("button", { name: "Hold", exact: true }).click();
      await expect(panel.getByRole("button", { name: "Resume" })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(panel.getByRole("status").filter({ hasText: "The caller is on hold." })).toBeVisible();
    await panel.getByRole("button", { name: "Resume" }).click();
    await expect(panel.getByRole("button", { name: "Hold", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await panel.getByRole("button", { name: "Hang up" }).click();
    await expect(panel.getByText("Call ended")).toBeVisible();
    await panel.getByRole("button", { name: "Done" }).click();
    await panel.getByRole("button", { name: "Close the phone" }).click();

    const answered = await historyRowsOf(page, `305555${line}`, "Inbound");
    await expect(answered).toHaveCount(1);
    await expect(answered).toContainText("completed");
    await expect(answered).toContainText(note);
    await expect(answered).toContainText(tag);
    const outbound = await historyRowsOf(page, `404555${outLine}`, "Outbound");
    await expect(outbound.filter({ hasText: "completed" }).first()).toBeVisible();
  } finally {
    await stopRingingBrowser(page);
    await releaseNumber(page, direct.id);
  }
});

test("a member answers in the browser and hands the caller on to another number (a cold transfer)", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openConsole(page);
  const direct = await directNumberFor(page);
  try {
    let panel = await ringInThisBrowser(page);

    const line = randomLine();
    const onward = `+1404555${randomLine()}`;
    const placed = dial(page, `+1305555${line}`, direct.e164, [onward]);
    const incoming = page.getByRole("region", { name: "Incoming call" });
    await expect(incoming).toContainText(`(305) 555-${line}`);
    await incoming.getByRole("button", { name: "Answer" }).click();
    panel = phonePanel(page);
    await expect(panel.getByText("On call")).toBeVisible();

    await panel.getByRole("button", { name: "Transfer", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Transfer call" });
    // The segmented control's radios are drawn by their labels: a person clicks the label.
    await dialog
      .locator("label")
      .filter({ hasText: /^Number$/ })
      .click();
    await expect(dialog.getByRole("radio", { name: "Number" })).toBeChecked();
    await dialog.getByRole("textbox", { name: "Phone number" }).fill(onward);
    await dialog.getByRole("button", { name: "Transfer", exact: true }).click();
    await expect(toast(page, "Call transferred")).toBeVisible();
    // The browser's leg ends; the caller talks on with the number it was handed to.
    await expect(panel.getByText("Call ended")).toBeVisible();
    const ended = await placed;
    expect(ended.ok(), await ended.text()).toBe(true);
    const { dials } = (await ended.json()) as {
      dials: { legs: { target: string }[]; dialCallStatus: string }[];
    };
    expect(dials.map((d) => d.dialCallStatus)).toEqual(["completed", "completed"]);
    expect(dials[1]?.legs.map((l) => l.target)).toEqual([onward]);
    await panel.getByRole("button", { name: "Done" }).click();
    await panel.getByRole("button", { name: "Close the phone" }).click();

    // The call history shows one call with both legs it took: the browser's, then the number's.
    const calls = await historyRowsOf(page, `305555${line}`, "Inbound");
    await expect(calls).toHaveCount(1);
    await expect(calls).toContainText(/With .+ \(browser\), \(404\) 555-/);
    await expect(calls).toContainText(`(404) 555-${onward.slice(-4)}`);
  } finally {
    await stopRingingBrowser(page);
    await releaseNumber(page, direct.id);
  }
});

test("a member answers in the browser, holds the caller, consults a teammate in their browser and completes the transfer; the history shows both legs", async ({
  page,
  browser,
  admin,
}) => {
  test.setTimeout(240_000);
  await openConsole(page);
  // Two members of their own, in browsers of their own: no ring group of the demo rings them, so
  // no other spec's call reaches their browsers, and theirs reach no one else's.
  const { page: member, email } = await newTeammate(page, browser, admin, {
    firstName: "Hal",
    lastName: "Holder",
  });
  const { page: teammate } = await newTeammate(page, browser, admin, { firstName: "Tess", lastName: "Warm" });
  const direct = await directNumberFor(page, email);
  try {
    await ringInThisBrowser(teammate);
    let panel = await ringInThisBrowser(member);
    const line = randomLine();
    const placed = dial(page, `+1305555${line}`, direct.e164);
    const incoming = member.getByRole("region", { name: "Incoming call" });
    await expect(incoming).toContainText(`(305) 555-${line}`);
    await incoming.getByRole("button", { name: "Answer" }).click();
    panel = phonePanel(member);
    await expect(panel.getByText("On call")).toBeVisible();

    // Hold: the caller hears the hold music.
    await panel.getByRole("button", { name: "Hold", exact: true }).click();
    await expect(panel.getByRole("button", { name: "Resume" })).toHaveAttribute("aria-pressed", "true");
    await expect(panel.getByRole("status").filter({ hasText: "The caller is on hold." })).toBeVisible();

    // Add the teammate: their browser rings with the caller's number, and they answer.
    await panel.getByRole("button", { name: "Add", exact: true }).click();
    const dialog = member.getByRole("dialog", { name: "Add to the call" });
    await expect(dialog.getByRole("textbox", { name: "Teammate" })).toBeVisible();
    const axe = await seriousAxeViolations(member);
    expect(axe.count, `axe found serious/critical violations on a held call:\n\n${axe.report}\n`).toBe(0);
    const theirPanel = await callInTeammate(member, panel, teammate, "Tess Warm", `(305) 555-${line}`);

    // Complete the transfer: this browser leaves; the caller talks on with the teammate.
    await panel.getByRole("button", { name: "Complete transfer" }).click();
    await expect(panel.getByText("Call ended")).toBeVisible();
    await panel.getByRole("button", { name: "Done" }).click();
    await expect(theirPanel.getByText("On call")).toBeVisible();
    await theirPanel.getByRole("button", { name: "Hang up" }).click();
    await expect(theirPanel.getByText("Call ended")).toBeVisible();
    const ended = await placed;
    expect(ended.ok(), await ended.text()).toBe(true);

    // The call history shows one call with its two legs: the member's browser and the teammate's.
    const calls = await historyRowsOf(page, `305555${line}`, "Inbound");
    await expect(calls).toHaveCount(1);
    await expect(calls).toContainText("With Hal Holder (browser), Tess Warm (browser)");
  } finally {
    await releaseNumber(page, direct.id);
    await member.context().close();
    await teammate.context().close();
  }
});

test("a call answered on a forwarding phone is held from Active Calls, a teammate consulted in their browser, and the transfer completed", async ({
  page,
  browser,
  admin,
}) => {
  test.setTimeout(240_000);
  await openConsole(page);
  const { page: member, email } = await newTeammate(page, browser, admin, {
    firstName: "Pia",
    lastName: "Phone",
  });
  const { page: teammate } = await newTeammate(page, browser, admin, {
    firstName: "Theo",
    lastName: "Takeover",
  });
  // Pia takes her calls on her own phone, which stays on the line until the call moves.
  const piasPhone = `+1305556${randomLine()}`;
  const forwarding = await member.request.put("/api/people/me/forwarding", {
    headers: { origin: new URL(member.url()).origin },
    data: { forwardingPhone: piasPhone },
  });
  expect(forwarding.ok(), await forwarding.text()).toBe(true);
  const direct = await directNumberFor(page, email);
  try {
    await ringInThisBrowser(teammate);
    // The owner's dashboard, open before the call: Active Calls hears it ring, then Pia answer.
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Active calls" }).getByText("Live")).toBeVisible();
    const line = randomLine();
    const placed = page.request.post("/carrier-sim/sim/calls", {
      headers: { origin: new URL(page.url()).origin },
      data: {
        from: `+1305555${line}`,
        to: direct.e164,
        dial: { [piasPhone]: { outcome: "answer", staysOn: true } },
      },
      timeout: 120_000,
    });

    const call = page.getByTestId("active-call").filter({ hasText: `(305) 555-${line}` });
    await expect(call.getByText("In progress")).toBeVisible();
    // Pia is on a call, on her phone: the team sees it.
    await expect(call.getByTestId("call-team")).toHaveText("Answered by Pia Phone");
    // A console opened mid-call lists it as well, with its controls: Pia's answer logged the call.
    await page.reload();
    await expect(call.getByText("In progress")).toBeVisible();
    await expect(call.getByTestId("call-team")).toHaveText("Answered by Pia Phone");
    await call.getByRole("button", { name: "Hold", exact: true }).click();
    await expect(call.getByRole("button", { name: "Resume" })).toHaveAttribute("aria-pressed", "true");
    await expect(call.getByRole("status").filter({ hasText: "The caller is on hold." })).toBeVisible();

    await call.getByRole("button", { name: "Add", exact: true }).click();
    const theirPanel = await callInTeammate(page, call, teammate, "Theo Takeover", `(305) 555-${line}`);
    const axe = await seriousAxeViolations(page);
    expect(axe.count, `axe found serious/critical violations on a held call:\n\n${axe.report}\n`).toBe(0);

    // Complete the transfer: Pia's phone leaves, the caller is back and talks with Theo.
    await call.getByRole("button", { name: "Complete transfer" }).click();
    await expect(call.getByRole("button", { name: "Hold", exact: true })).toBeVisible();
    await theirPanel.getByRole("button", { name: "Hang up" }).click();
    await expect(theirPanel.getByText("Call ended")).toBeVisible();
    const ended = await placed;
    expect(ended.ok(), await ended.text()).toBe(true);

    const calls = await historyRowsOf(page, `305555${line}`, "Inbound");
    await expect(calls).toHaveCount(1);
    await expect(calls).toContainText("Theo Takeover (browser)");
  } finally {
    await releaseNumber(page, direct.id);
    await member.context().close();
    await teammate.context().close();
  }
});
