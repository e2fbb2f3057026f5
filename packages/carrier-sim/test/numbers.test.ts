/**
 * The carrier's number paths on the sim, through the official client and raw HTTP: numbers for
 * sale from NANPA's area codes, a bought number answering calls on its webhooks, emergency
 * addresses; every answer checked against the carrier's OpenAPI description.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { nanpAreaCodes } from "@poundline/domain";
import { describe, expect, it } from "vitest";
import { CarrierSimError, type OperationId } from "../src/index";
import { TOLL_FREE_AREA_CODES } from "../src/numbers";
import { ACCOUNT_SID, CALLER } from "./fixtures/phone-app";
import { serveSimOverHttp } from "./fixtures/served-sim";

const served = serveSimOverHttp();
const { received, sim, validators, api } = served;

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

/** The JSON answer, after checking it against the operation's response schema. */
async function valid(operation: OperationId, response: Response, status: number) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  const validate = validators.response(operation);
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  return body as Record<string, unknown>;
}

type Available = { phone_number: string; region: string | null };

describe("AvailablePhoneNumbers", () => {
  it("offers local numbers of an area code, in its state", async () => {
    const body = await valid(
      "listAvailableLocal",
      await api("/AvailablePhoneNumbers/US/Local.json?AreaCode=407&PageSize=5"),
      200,
    );
    const numbers = body.available_phone_numbers as Available[];
    expect(numbers).toHaveLength(5);
    for (const n of numbers) {
      expect(n.phone_number).toMatch(/^\+1407555\d{4}$/);
      expect(n.region).toBe("FL");
    }
  });

  it("offers a state's numbers from several of its area codes (NANPA's table)", async () => {
    const numbers = await served.client.availablePhoneNumbers("US").local.list({ inRegion: "FL", limit: 10 });
    expect(numbers).toHaveLength(10);
    const codes = new Set(numbers.map((n) => n.phoneNumber.slice(2, 5)));
    expect(codes.size).toBeGreaterThan(1);
    for (const code of codes) expect(nanpAreaCodes.get(code)?.regions).toContain("FL");
  });

  it("offers toll-free numbers, never one that already answers", async () => {
    const body = await valid(
      "listAvailableTollFree",
      await api("/AvailablePhoneNumbers/US/TollFree.json?PageSize=50"),
      200,
    );
    const numbers = (body.available_phone_numbers as Available[]).map((n) => n.phone_number);
    expect(numbers).toHaveLength(50);
    for (const n of numbers) expect(TOLL_FREE_AREA_CODES).toContain(n.slice(2, 5));
    // The directory's +1800555010x numbers answer already.
    expect(numbers.filter((n) => /^\+1800555010\d$/.test(n))).toEqual([]);
  });

  it.each([
    ["an unknown parameter", "Local.json?Colour=blue"],
    ["a non-numeric area code", "Local.json?AreaCode=abc"],
  ])("refuses %s with 400", async (_case, path) => {
    const res = await api(`/AvailablePhoneNumbers/US/${path}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, code: 20001 });
  });

  it("answers 401 without the account's credentials", async () => {
    const res = await fetch(
      `${served.base}/carrier-sim/2010-04-01/Accounts/${ACCOUNT_SID}/AvailablePhoneNumbers/US/Local.json`,
    );
    expect(res.status).toBe(401);
  });
});

describe("IncomingPhoneNumbers", () => {
  it("a bought number answers calls on its VoiceUrl and texts on its SmsUrl; released, it answers no more", async () => {
    const [offer] = await served.client.availablePhoneNumbers("US").local.list({ areaCode: 305, limit: 1 });
    if (!offer) throw new Error("nothing offered");
    const res = await api(
      "/IncomingPhoneNumbers.json",
      form({
        PhoneNumber: offer.phoneNumber,
        FriendlyName: "Miami",
        VoiceUrl: `${served.base}/voice/ivr`,
        StatusCallback: `${served.base}/voice/status`,
        SmsUrl: `${served.base}/sms`,
      }),
    );
    const bought = await valid("createIncomingPhoneNumber", res, 201);
    expect(bought).toMatchObject({
      phone_number: offer.phoneNumber,
      friendly_name: "Miami",
      emergency_status: "Inactive",
    });
    const sid = String(bought.sid);
    expect(sid).toMatch(/^PN[0-9a-f]{32}$/);

    // No longer for sale.
    const again = await served.client.availablePhoneNumbers("US").local.list({ areaCode: 305, limit: 50 });
    expect(again.map((n) => n.phoneNumber)).not.toContain(offer.phoneNumber);

    const call = await sim.placeCall({ from: CALLER, to: offer.phoneNumber, press: ["1"] });
    expect(call.to).toBe(offer.phoneNumber);
    expect(
      received.some((r) => r.path === "/voice/ivr" && r.params.To === offer.phoneNumber && r.signatureValid),
    ).toBe(true);

    await sim.sendText({ from: CALLER, to: offer.phoneNumber, body: "hello" });
    expect(
      received.some(
        (r) => r.path === "/sms" && r.params.To === offer.phoneNumber && r.params.Body === "hello",
      ),
    ).toBe(true);

    const renamed = await served.client.incomingPhoneNumbers(sid).update({ friendlyName: "Miami office" });
    expect(renamed.friendlyName).toBe("Miami office");
    await valid("fetchIncomingPhoneNumber", await api(`/IncomingPhoneNumbers/${sid}.json`), 200);

    await served.client.incomingPhoneNumbers(sid).remove();
    await expect(sim.placeCall({ from: CALLER, to: offer.phoneNumber })).rejects.toBeInstanceOf(
      CarrierSimError,
    );
    expect((await api(`/IncomingPhoneNumbers/${sid}.json`, { method: "DELETE" })).status).toBe(404);
  });

  it.each([
    ["a number not for sale", { PhoneNumber: "+14155551234" }, 21422],
    ["a number that already answers", { PhoneNumber: "+18005550101" }, 21422],
    ["neither a number nor an area code", { FriendlyName: "x" }, 21421],
    ["a VoiceUrl that is no URL", { PhoneNumber: "+14075550150", VoiceUrl: "not a url" }, 20001],
  ])("refuses %s", async (_case, fields, code) => {
    const res = await api("/IncomingPhoneNumbers.json", form(fields));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code });
  });
});

describe("Addresses", () => {
  const address = {
    CustomerName: "Demo Law Group",
    Street: "100 S Orange Ave",
    City: "Orlando",
    Region: "FL",
    PostalCode: "32801",
    IsoCountry: "US",
    EmergencyEnabled: "true",
  };

  it("registers a validated emergency address and links it to a number", async () => {
    const created = await valid("createAddress", await api("/Addresses.json", form(address)), 201);
    expect(created).toMatchObject({ emergency_enabled: true, validated: true, region: "FL" });
    const addressSid = String(created.sid);
    expect(addressSid).toMatch(/^AD[0-9a-f]{32}$/);

    const number = await served.client.incomingPhoneNumbers.create({
      phoneNumber: "+14075550160",
      voiceUrl: `${served.base}/voice/ivr`,
    });
    const linked = await valid(
      "updateIncomingPhoneNumber",
      await api(
        `/IncomingPhoneNumbers/${number.sid}.json`,
        form({ EmergencyAddressSid: addressSid, EmergencyStatus: "Active" }),
      ),
      200,
    );
    expect(linked).toMatchObject({ emergency_address_sid: addressSid, emergency_status: "Active" });

    // In use: kept.
    const refused = await api(`/Addresses/${addressSid}.json`, { method: "DELETE" });
    expect(refused.status).toBe(400);
    await valid("fetchAddress", await api(`/Addresses/${addressSid}.json`), 200);
  });

  it.each([
    ["a postal code of the wrong shape", { PostalCode: "3280" }],
    ["a region that is no state", { Region: "ZZ" }],
  ])("refuses an emergency address with %s", async (_case, change) => {
    const res = await api("/Addresses.json", form({ ...address, ...change }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 21629 });
  });

  it("refuses an address without its required fields", async () => {
    const { Street: _street, ...withoutStreet } = address;
    const res = await api("/Addresses.json", form(withoutStreet));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: expect.stringContaining("Street") });
  });

  it("refuses to link an address not enabled for emergency calls", async () => {
    const number = await served.client.incomingPhoneNumbers.create({
      phoneNumber: "+14075550161",
      voiceUrl: `${served.base}/voice/ivr`,
    });
    const res = await api(
      `/IncomingPhoneNumbers/${number.sid}.json`,
      form({ EmergencyAddressSid: `AD${"0".repeat(32)}` }),
    );
    expect(res.status).toBe(400);
  });
});

describe("toll-free area codes", () => {
  const report = fileURLToPath(new URL("../../../../shared/reference/nanpa/npa_report.csv", import.meta.url));
  it.runIf(existsSync(report))("are NANPA's 8YY overlay complex", () => {
    const row = readFileSync(report, "utf8")
      .split("\n")
      .find((line) => line.startsWith("800,"));
    const complex = row?.split(",").find((cell) => /^8\d\d(\/8\d\d)+$/.test(cell));
    expect(complex?.split("/").sort()).toEqual([...TOLL_FREE_AREA_CODES]);
  });
});
