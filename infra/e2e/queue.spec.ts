import { expect, type Page } from "@playwright/test";
import { buyNumber, demoUser, signIn, test } from "./support";

/**
 * A ring group's line on the dashboard (issue 24, item 5): a caller waiting while the team's
 * phones ring shows in the Waiting list, with their place, until a member answers in the browser.
 */

const randomLine = () => String(Math.floor(Math.random() * 9000) + 1000);

/** A number bought for this test whose calls, day and night, ring a group of the owner alone. */
async function ringGroupOfMine(page: Page) {
  const headers = { origin: new URL(page.url()).origin };
  const people = (await (await page.request.get("/api/people")).json()) as {
    members: { userId: string; email: string }[];
  };
  const me = people.members.find((m) => m.email === demoUser.email);
  expect(me, "the demo owner among the account's members").toBeTruthy();
  const bought = await buyNumber(page, "Queue e2e");
  const routing = (await (await page.request.get("/api/call-routing")).json()) as {
    numbers: Record<string, unknown>[];
  };
  const current = routing.numbers.find((n) => n.numberId === bought.id) ?? {};
  const { numberId: _id, e164: _e164, friendlyName: _name, holdMusicUrl: _url, ...body } = current;
  const group = { type: "ring_group", target: null, ringGroup: [me?.userId] };
  const saved = await page.request.put(`/api/call-routing/${bought.id}`, {
    headers,
    data: { ...body, businessHoursDestination: group, afterHoursDestination: group },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return {
    ...bought,
    release: async () => {
      await page.request.put("/api/softphone/settings", { headers, data: { ringBrowser: false } });
      await page.request.delete(`/api/numbers/${bought.id}`, { headers });
    },
  };
}

/** The member turns on "Ring calls in this browser" in the Phone panel, and closes it. */
async function ringInThisBrowser(page: Page) {
  await page.getByRole("button", { name: "Phone", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Phone" });
  await expect(panel.getByRole("status", { name: "Phone status: Ready" })).toBeVisible();
  const ring = panel.getByRole("switch", { name: "Ring calls in this browser" });
  await expect(ring).toBeEnabled();
  if (!(await ring.isChecked())) await ring.click({ force: true });
  await expect(ring).toBeChecked();
  await panel.getByRole("button", { name: "Close the phone" }).click();
  await expect(panel).toBeHidden();
}

test("a caller waiting for the ring group shows in the Waiting list until a member answers in the browser", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  const number = await ringGroupOfMine(page);
  try {
    await ringInThisBrowser(page);
    const line = randomLine();
    const placed = page.request.post("/carrier-sim/sim/calls", {
      headers: { origin: new URL(page.url()).origin },
      data: { from: `+1305555${line}`, to: number.e164, recordSeconds: 2 },
      timeout: 120_000,
    });

    const waiting = page.getByRole("region", { name: "Waiting callers" });
    const caller = waiting.getByTestId("waiting-caller").filter({ hasText: `(305) 555-${line}` });
    await expect(caller).toContainText("1.");
    await expect(caller).toContainText("Ringing the team");

    // The group's call to the member comes from the number the caller dialled.
    const e164 = number.e164;
    const incoming = page.getByRole("region", { name: "Incoming call" });
    await expect(incoming).toContainText(`(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`);
    await incoming.getByRole("button", { name: "Answer" }).click();
    // Taken: out of the line, on a call.
    await expect(caller).toBeHidden();
    const panel = page.getByRole("dialog", { name: "Phone" });
    await expect(panel.getByText("On call")).toBeVisible();
    await panel.getByRole("button", { name: "Hang up" }).click();
    await expect(panel.getByText("Call ended")).toBeVisible();
    expect((await placed).ok()).toBe(true);
  } finally {
    await number.release();
  }
});
