import { expect } from "@playwright/test";
import {
  appReady,
  demoUser,
  field,
  releaseNumber,
  seriousAxeViolations,
  signIn,
  test,
  toast,
  waitForEmail,
} from "./support";

/** A number no other run asks to port: the sim takes any North American number that is not its own. */
const portedNumber = () => `+1305${String(2_000_000 + Math.floor(Math.random() * 7_000_000))}`;

test("an owner checks a number, signs the letter, submits the port, and follows it to completion", async ({
  page,
  request,
  admin,
}) => {
  const e164 = portedNumber();
  await signIn(page, demoUser);
  await page.waitForURL(/\/dashboard/);
  await page.goto("/dashboard/numbers");
  await appReady(page);

  await page.getByRole("button", { name: "Port a number" }).click();
  const dialog = page.getByRole("dialog", { name: "Port a number" });
  await dialog.getByLabel(/^Numbers to port/).fill(e164);
  await dialog.getByRole("button", { name: "Check portability" }).click();
  await expect(
    dialog.getByRole("table", { name: "Portability" }).getByRole("row", { name: /Yes/ }),
  ).toBeVisible();

  await field(page, "Account holder name").fill("Demo Law Group");
  await field(page, "Account number").fill("998877");
  await field(page, "Authorised person").fill("Dana Demo");
  await field(page, "Authorised person's e-mail").fill("dana@demolawgroup.example");
  await field(page, "Street").fill("200 S Orange Ave");
  await field(page, "City").fill("Orlando");
  await field(page, "State").fill("FL");
  await field(page, "ZIP code").fill("32801");
  await field(page, "Target port date").fill("2030-01-15");
  await field(page, /^Signature: type/).fill("Dana Demo");
  const pad = dialog.getByRole("img", { name: /Draw your signature/ });
  const box = await pad.boundingBox();
  if (box) {
    await page.mouse.move(box.x + 20, box.y + 50);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 30, { steps: 5 });
    await page.mouse.move(box.x + 220, box.y + 70, { steps: 5 });
    await page.mouse.up();
  }
  await dialog.getByRole("checkbox", { name: /agree to the letter/ }).check();
  const { count, report } = await seriousAxeViolations(page);
  expect(count, report).toBe(0);
  await dialog.getByRole("button", { name: "Sign and submit" }).click();
  await expect(toast(page, "Port-In Submitted")).toBeVisible();

  const mine = async () => {
    const list = (await (await page.request.get("/api/porting")).json()) as {
      requests: { id: string; carrierSid: string; status: string; numbers: { e164: string }[] }[];
    };
    return list.requests.find((r) => r.numbers.some((n) => n.e164 === e164));
  };
  const submitted = await mine();
  expect(submitted?.status).toBe("in_review");
  const card = page.getByRole("region", { name: `Port-in request ${submitted?.id}` });
  await expect(card.getByText("In review", { exact: true })).toBeVisible();
  const letter = await page.request.get(`/api/porting/${submitted?.id}/letter`);
  expect(letter.headers()["content-type"]).toBe("application/pdf");

  // The carrier's reviewer approves and the port completes: its webhooks move the request.
  const decided = await request.post(`/carrier-sim/sim/porting/${submitted?.carrierSid}/decision`, {
    headers: { origin: new URL(page.url()).origin },
    data: { decision: "complete" },
  });
  expect(decided.ok(), await decided.text()).toBe(true);
  await expect.poll(async () => (await mine())?.status).toBe("completed");
  await page.reload();
  await appReady(page);
  await expect(card.getByText("Completed", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Phone numbers" }).getByText("Ported number")).toBeVisible();

  const email = await waitForEmail(admin, demoUser.email, "port_in_changed", (e) =>
    e.textBody.includes("Completed"),
  );
  expect(email.subject).toContain("Your number port");
  // Leave the demo account's plan room for the other specs' numbers.
  await releaseNumber(page, e164);
});
