/**
 * Numbers abroad on the sim, through the official client: the countries for sale, numbers per
 * country and type, the regulations and the bundle that meets one (end user, address, documents),
 * its status moving on the virtual clock or by the reviewer's control, and the purchase it allows.
 */
import { describeDestination } from "@poundline/domain";
import Fastify from "fastify";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countryNumbers, SIM_COUNTRIES } from "../src/countries";
import {
  CarrierSimRequestClient,
  carrierSimPlugin,
  createCarrierSim,
  createVirtualClock,
} from "../src/index";
import { AUTO_APPROVE_AFTER, REVIEW_STARTS_AFTER } from "../src/regulatory";
import { ACCOUNT_SID, AUTH_TOKEN, phoneDirectory } from "./fixtures/phone-app";

const clock = createVirtualClock(new Date("2026-11-02T09:00:00Z"));
const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: "http://sim.test/carrier-sim",
  numbers: phoneDirectory(() => "http://app.test"),
  transport: async () => ({ status: 204, headers: {}, body: "" }),
  clock,
});
const server = Fastify();
server.register(carrierSimPlugin, { prefix: "/carrier-sim", sim });
const client = new twilio.Twilio(ACCOUNT_SID, AUTH_TOKEN, {
  httpClient: new CarrierSimRequestClient({ baseUrl: "http://sim.test/carrier-sim", inject: server }),
});
const compliance = client.numbers.v2.regulatoryCompliance;
beforeAll(() => server.ready());
afterAll(() => server.close());

const TYPE_OF = { local: "fixed", mobile: "mobile", "toll-free": "toll_free" } as const;

describe("countries.ts", () => {
  const offers = SIM_COUNTRIES.flatMap((country) =>
    (["local", "mobile", "toll-free"] as const).map((type) => ({ country, type })),
  ).filter(({ country, type }) => country.types[type]);
  it.each(offers)(
    "$country.isoCountry $type numbers are that country's and type (libphonenumber)",
    ({ country, type }) => {
      for (const e164 of countryNumbers(country, type))
        expect(describeDestination(e164), e164).toMatchObject({
          country: country.isoCountry,
          type: TYPE_OF[type],
        });
    },
  );
});

describe("AvailablePhoneNumbers abroad", () => {
  it("lists the countries for sale with their types", async () => {
    const countries = await client.availablePhoneNumbers.list();
    const gb = countries.find((c) => c.countryCode === "GB");
    expect(gb?.subresourceUris).toMatchObject({ local: expect.any(String), mobile: expect.any(String) });
    expect(countries.map((c) => c.countryCode)).toEqual(expect.arrayContaining(["US", "CA", "DE", "MX"]));
  });

  it.each([
    ["GB", "local", /^\+44207946\d{4}$/],
    ["AU", "mobile", /^\+6149157\d{4}$/],
    ["DE", "tollFree", /^\+49800123\d{4}$/],
  ] as const)("offers %s %s numbers", async (iso, type, pattern) => {
    const country = client.availablePhoneNumbers(iso);
    const found =
      type === "local"
        ? await country.local.list({ limit: 3 })
        : type === "mobile"
          ? await country.mobile.list({ limit: 3 })
          : await country.tollFree.list({ limit: 3 });
    expect(found).toHaveLength(3);
    for (const n of found) {
      expect(n.phoneNumber).toMatch(pattern);
      expect(n.isoCountry).toBe(iso);
    }
  });

  it("offers no mobile numbers where the country sells none", async () => {
    expect(await client.availablePhoneNumbers("MX").mobile.list({ limit: 3 })).toEqual([]);
  });
});

/** A bundle for GB local numbers, individual: end user, address and proof of address assigned. */
async function compliantBundle() {
  const [regulation] = await compliance.regulations.list({
    isoCountry: "GB",
    numberType: "local",
    endUserType: "individual",
  });
  if (!regulation) throw new Error("no GB regulation");
  const endUser = await compliance.endUsers.create({
    friendlyName: "Ada Lovelace",
    type: "individual",
    attributes: { first_name: "Ada", last_name: "Lovelace" },
  });
  const address = await client.addresses.create({
    customerName: "Ada Lovelace",
    street: "1 Long Acre",
    city: "London",
    region: "London",
    postalCode: "WC2E 9LA",
    isoCountry: "GB",
  });
  const document = await compliance.supportingDocuments.create({
    friendlyName: "Address",
    type: "address",
    attributes: { address_sids: [address.sid] },
  });
  const bundle = await compliance.bundles.create({
    friendlyName: "GB local",
    email: "ada@example.com",
    regulationSid: regulation.sid,
  });
  return { regulation, endUser, address, document, bundle };
}

describe("RegulatoryCompliance", () => {
  it("describes what a country's numbers ask for (regulations)", async () => {
    const [de] = await compliance.regulations.list({
      isoCountry: "DE",
      numberType: "local",
      endUserType: "business",
    });
    const requirements = de?.requirements as {
      end_user: { fields: string[] }[];
      supporting_document: unknown[][];
    };
    expect(requirements.end_user[0]?.fields).toContain("business_name");
    expect(requirements.supporting_document).toHaveLength(2);
    expect(await compliance.regulations.list({ isoCountry: "GB", numberType: "toll-free" })).toEqual([]);
  });

  it("evaluates a bundle, refuses to submit it until compliant, then reviews it on the clock", async () => {
    const { bundle, endUser, document } = await compliantBundle();
    expect((await compliance.bundles(bundle.sid).evaluations.create()).status).toBe("noncompliant");
    await expect(compliance.bundles(bundle.sid).update({ status: "pending-review" })).rejects.toMatchObject({
      status: 400,
    });
    await compliance.bundles(bundle.sid).itemAssignments.create({ objectSid: endUser.sid });
    await compliance.bundles(bundle.sid).itemAssignments.create({ objectSid: document.sid });
    expect((await compliance.bundles(bundle.sid).evaluations.create()).status).toBe("compliant");
    expect((await compliance.bundles(bundle.sid).update({ status: "pending-review" })).status).toBe(
      "pending-review",
    );
    clock.advance(REVIEW_STARTS_AFTER);
    expect((await compliance.bundles(bundle.sid).fetch()).status).toBe("in-review");
    clock.advance(AUTO_APPROVE_AFTER);
    expect((await compliance.bundles(bundle.sid).fetch()).status).toBe("twilio-approved");
  });

  it("buys a number abroad only with an approved bundle of its country and an address there", async () => {
    const { bundle, endUser, document, address } = await compliantBundle();
    const [number] = await client.availablePhoneNumbers("GB").local.list({ limit: 1 });
    const phoneNumber = number?.phoneNumber ?? "";
    await expect(client.incomingPhoneNumbers.create({ phoneNumber })).rejects.toMatchObject({ code: 21649 });
    for (const objectSid of [endUser.sid, document.sid])
      await compliance.bundles(bundle.sid).itemAssignments.create({ objectSid });
    await compliance.bundles(bundle.sid).update({ status: "pending-review" });
    const buy = { phoneNumber, bundleSid: bundle.sid, addressSid: address.sid };
    await expect(client.incomingPhoneNumbers.create(buy)).rejects.toMatchObject({ code: 21650 });
    expect(sim.decideBundle(bundle.sid, "approve", null)?.decision?.status).toBe("twilio-approved");
    const bought = await client.incomingPhoneNumbers.create(buy);
    expect(bought).toMatchObject({ phoneNumber, bundleSid: bundle.sid, addressSid: address.sid });
  });

  it("a rejected bundle stays rejected whatever the clock says", async () => {
    const { bundle, endUser, document } = await compliantBundle();
    for (const objectSid of [endUser.sid, document.sid])
      await compliance.bundles(bundle.sid).itemAssignments.create({ objectSid });
    await compliance.bundles(bundle.sid).update({ status: "pending-review" });
    sim.decideBundle(bundle.sid, "reject", "Address not in the number's area");
    clock.advance(AUTO_APPROVE_AFTER * 2);
    expect((await compliance.bundles(bundle.sid).fetch()).status).toBe("twilio-rejected");
  });
});
