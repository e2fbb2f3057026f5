import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { addExtension, addNumber, routingBody, routingRow, wavBytes } from "./helpers";

let t: TestApp;
let aliceNumber: string;
let aliceExtension: string;
let bob: SignedIn;
let bobNumber: string;

beforeAll(async () => {
  t = await createTestApp();
  const alice = await createUser(t);
  const bobUser = await createUser(t);
  bob = await signIn(t, bobUser);
  aliceNumber = await addNumber(t, alice.accountId, "+13055550190");
  aliceExtension = await addExtension(t, alice.accountId, 101, ["+13055550101"]);
  bobNumber = await addNumber(t, bobUser.accountId, "+13055550191");
});
afterAll(() => t.close());

describe("call routing: security", () => {
  it.each([
    ["GET", "/api/call-routing"],
    ["PUT", "/api/call-routing/num_x"],
    ["POST", "/api/call-routing/num_x/hold-music"],
  ] as const)("anonymous %s %s is 401", async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN }, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it("another account's number is a 404 and stays as it was", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/call-routing/${aliceNumber}`,
      headers: bob.headers,
      payload: routingBody(),
    });
    expect(res.statusCode).toBe(404);
    expect(await routingRow(t, aliceNumber)).toBeUndefined();
  });

  it("another account's number takes no upload", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/call-routing/${aliceNumber}/hold-music`,
      headers: { ...bob.headers, "content-type": "audio/wav" },
      payload: wavBytes(),
    });
    expect(res.statusCode).toBe(404);
    expect(await routingRow(t, aliceNumber)).toBeUndefined();
  });

  it("another account's extension cannot be a destination (it does not exist for this account)", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/call-routing/${bobNumber}`,
      headers: bob.headers,
      payload: routingBody({ businessHoursDestination: { type: "extension", target: aliceExtension } }),
    });
    expect(res.statusCode).toBe(400);
    expect(await routingRow(t, bobNumber)).toBeUndefined();
  });

  it("the list holds only the caller's numbers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/call-routing", headers: bob.headers });
    expect(res.json().numbers.map((n: { numberId: string }) => n.numberId)).toEqual([bobNumber]);
    expect(res.json().extensions).toEqual([]);
  });
});
