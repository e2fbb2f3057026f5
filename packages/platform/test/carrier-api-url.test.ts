import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCarrierClient } from "../src/carrier/client";
import { carrierConfig } from "../src/carrier/config";

const settings = {
  PUBLIC_BASE_URL: "https://app.example",
  TRANSCRIBER: undefined,
  TRANSCRIPTION_URL: undefined,
};

/** A stand-in for the carrier's REST API: records what it was asked, answers a queued call. */
let server: Server;
let base = "";
const seen: { method: string; url: string; authorization: string; body: string }[] = [];
const bodyOf = async (request: IncomingMessage) => {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({
      method: request.method ?? "",
      url: request.url ?? "",
      authorization: request.headers.authorization ?? "",
      body: await bodyOf(request),
    });
    response.writeHead(201, { "content-type": "application/json" });
    response.end(JSON.stringify({ sid: "CA".padEnd(34, "0"), status: "queued" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("another base URL for the carrier's REST API (TWILIO_API_URL)", () => {
  it("is taken with a carrier account only: the simulator's drawn token never leaves the process", () => {
    expect(carrierConfig({ ...settings, TWILIO_API_URL: `${base}/` })).not.toHaveProperty("apiBaseUrl");
    expect(
      carrierConfig({
        ...settings,
        TWILIO_ACCOUNT_SID: "AC1",
        TWILIO_AUTH_TOKEN: "secret",
        TWILIO_API_URL: `${base}/`,
      }),
    ).toMatchObject({ mode: "twilio", apiBaseUrl: base });
  });

  it("receives the carrier client's requests, with the account's credentials", async () => {
    const carrier = carrierConfig({
      ...settings,
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "secret",
      TWILIO_API_URL: base,
    });
    const placed = await createCarrierClient({ carrier }).createCall({
      from: "+13055550100",
      to: "+13055550101",
      url: "https://app.example/twilio/voice/member",
      statusCallback: "https://app.example/twilio/voice/member-status",
    });
    expect(placed.sid).toBe("CA".padEnd(34, "0"));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/2010-04-01/Accounts/AC1/Calls.json",
      authorization: `Basic ${Buffer.from("AC1:secret").toString("base64")}`,
    });
    expect(new URLSearchParams(seen[0]?.body).get("To")).toBe("+13055550101");
  });
});
