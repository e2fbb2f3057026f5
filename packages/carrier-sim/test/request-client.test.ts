import Fastify from "fastify";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CarrierSimRequestClient, carrierSimPlugin, createCarrierSim } from "../src/index";
import { ACCOUNT_SID, AUTH_TOKEN, CALLER, phoneDirectory } from "./fixtures/phone-app";

const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: "http://sim.test/carrier-sim",
  numbers: phoneDirectory(() => "http://app.test"),
  transport: async () => ({ status: 204, headers: {}, body: "" }),
});
const server = Fastify();
server.register(carrierSimPlugin, { prefix: "/carrier-sim", sim });
beforeAll(() => server.ready());
afterAll(() => server.close());

describe("CarrierSimRequestClient", () => {
  it("rewrites the carrier's API hosts, regional ones included, and nothing else", () => {
    const client = new CarrierSimRequestClient({ baseUrl: "http://localhost:3000/carrier-sim/" });
    expect(client.rewrite("https://api.twilio.com/2010-04-01/Accounts.json")).toBe(
      "http://localhost:3000/carrier-sim/2010-04-01/Accounts.json",
    );
    expect(client.rewrite("https://api.sydney.au1.twilio.com/2010-04-01/x")).toBe(
      "http://localhost:3000/carrier-sim/2010-04-01/x",
    );
    expect(client.rewrite("https://media.example/a.png")).toBe("https://media.example/a.png");
  });

  it.each([
    ["https://numbers.twilio.com/v1/Porting/PortIn", "/numbers/v1/Porting/PortIn"],
    ["https://messaging.twilio.com/v1/Services", "/messaging/v1/Services"],
    ["https://trusthub.twilio.com/v1/CustomerProfiles", "/trusthub/v1/CustomerProfiles"],
    ["https://lookups.twilio.com/v2/PhoneNumbers/+14155550100", "/lookups/v2/PhoneNumbers/+14155550100"],
    [
      "https://numbers.dublin.ie1.twilio.com/v2/RegulatoryCompliance/Bundles",
      "/numbers/v2/RegulatoryCompliance/Bundles",
    ],
  ])("rewrites the carrier's product host of %s under its name", (uri, path) => {
    const client = new CarrierSimRequestClient({ baseUrl: "http://localhost:3000/carrier-sim" });
    expect(client.rewrite(uri)).toBe(`http://localhost:3000/carrier-sim${path}`);
  });

  it("serves a product's operation to the official client (portability, numbers v1)", async () => {
    const client = new twilio.Twilio(ACCOUNT_SID, AUTH_TOKEN, {
      httpClient: new CarrierSimRequestClient({ baseUrl: "http://sim.test/carrier-sim", inject: server }),
    });
    const local = await client.numbers.v1.portingPortabilities("+14155550123").fetch();
    expect(local).toMatchObject({ portable: true, numberType: "LOCAL", notPortableReason: null });
    const tollFree = await client.numbers.v1.portingPortabilities("+18885550123").fetch();
    expect(tollFree).toMatchObject({ portable: false, notPortableReasonCode: 22133 });
    await expect(client.numbers.v1.portingPortabilities("4155550123").fetch()).rejects.toMatchObject({
      status: 400,
    });
  });

  it("goes through app.inject when given it: no port needed", async () => {
    const client = new twilio.Twilio(ACCOUNT_SID, AUTH_TOKEN, {
      httpClient: new CarrierSimRequestClient({ baseUrl: "http://sim.test/carrier-sim", inject: server }),
    });
    const message = await client.messages.create({ to: CALLER, from: "+18005550100", body: "hi" });
    expect(message.status).toBe("queued");
    await sim.idle();
    expect((await client.messages(message.sid).fetch()).status).toBe("delivered");
  });

  it("surfaces the carrier's errors as the client's RestException", async () => {
    const client = new twilio.Twilio(ACCOUNT_SID, AUTH_TOKEN, {
      httpClient: new CarrierSimRequestClient({ baseUrl: "http://sim.test/carrier-sim", inject: server }),
    });
    await expect(
      client.messages.create({ to: "nope", from: "+18005550100", body: "hi" }),
    ).rejects.toMatchObject({
      status: 400,
      code: 21211,
      moreInfo: "https://www.twilio.com/docs/errors/21211",
    });
    const stranger = new twilio.Twilio(ACCOUNT_SID, "wrong-token", {
      httpClient: new CarrierSimRequestClient({ baseUrl: "http://sim.test/carrier-sim", inject: server }),
    });
    await expect(
      stranger.messages.create({ to: CALLER, from: "+18005550100", body: "hi" }),
    ).rejects.toMatchObject({
      status: 401,
      code: 20003,
    });
  });
});
