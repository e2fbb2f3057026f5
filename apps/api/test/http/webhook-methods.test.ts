/**
 * The webhook paths (the carrier's /twilio/*, Stripe's /stripe/webhook) take POST only: any other
 * method is a 405 with `Allow: POST` in the one error shape, never the web app.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";

let t: TestApp;
let webDist = "";
beforeAll(async () => {
  // A built web app, so that a path the server does not claim would get its index.html.
  webDist = mkdtempSync(join(tmpdir(), "poundline-web-"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><html><body>the web app</body></html>");
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("webhook paths", () => {
  it.each([
    ["GET", "/stripe/webhook"],
    ["GET", "/twilio/voice"],
    ["GET", "/twilio/sms/status"],
    ["GET", "/twilio/voice/gather?MenuId=x"],
    ["PUT", "/stripe/webhook"],
    ["DELETE", "/twilio/recording"],
    ["HEAD", "/stripe/webhook"],
  ] as const)("%s %s is 405 with Allow: POST, not the web app", async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("POST");
    expect(res.body).not.toContain("the web app");
    if (method !== "HEAD") expect(res.json().error).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
  });

  it("still takes the carrier's POST (checked, as before, by its signature)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/twilio/sms/status",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "MessageSid=SM1&MessageStatus=delivered",
    });
    expect(res.statusCode).toBe(403);
  });

  it("leaves the web app's own paths to the web app", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dashboard/settings" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("the web app");
  });
});
