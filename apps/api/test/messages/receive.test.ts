import type { CallOwner, LocationInput } from "@poundline/domain";
import {
  type InboundTextRecord,
  type IncomingText,
  keywordOf,
  type ReceivePorts,
  receiveText,
} from "@poundline/modules/messages/receive";
import type { LiveEvent } from "@poundline/platform/events/live";
import { describe, expect, it } from "vitest";

const OUR_NUMBER = "+13055550100";
const OWNER: CallOwner = { accountId: "acct_1", phoneNumberId: "num_1" };
const NOW = new Date("2026-11-24T12:00:00Z");

/** Ports over memory: the owner of OUR_NUMBER only, a store that keeps what it is given. */
function fakePorts(outcome: "stored" | "duplicate" | "account_gone" = "stored") {
  const recorded: InboundTextRecord[] = [];
  const published: { accountId: string; event: LiveEvent }[] = [];
  const lookups: { ourNumber: string; caller: LocationInput }[] = [];
  const ports: ReceivePorts = {
    ownerOf(ourNumber, caller) {
      lookups.push({ ourNumber, caller });
      return ourNumber === OUR_NUMBER ? OWNER : null;
    },
    texts: {
      async record(text) {
        recorded.push(text);
        return outcome;
      },
    },
    clock: () => NOW,
    publish: (accountId, event) => published.push({ accountId, event }),
  };
  return { ports, recorded, published, lookups };
}

const text = (overrides: Partial<IncomingText> = {}): IncomingText => ({
  messageSid: "SM1",
  from: "+14155550123",
  to: OUR_NUMBER,
  caller: { from: "+14155550123", fromState: "CA", fromCountry: "US" },
  body: "Hello",
  numMedia: 0,
  mediaUrls: [],
  mediaContentTypes: [],
  numSegments: undefined,
  ...overrides,
});

describe("receiveText", () => {
  it("records the text for the owner of our number, then tells its live views", async () => {
    const { ports, recorded, published, lookups } = fakePorts();
    const result = await receiveText(
      ports,
      text({ numMedia: 1, mediaUrls: ["https://m/1"], mediaContentTypes: ["image/jpeg"], numSegments: 2 }),
    );
    expect(result).toEqual({ ok: true, accountId: "acct_1", messageSid: "SM1" });
    expect(lookups).toEqual([{ ourNumber: OUR_NUMBER, caller: text().caller }]);
    expect(recorded).toEqual([
      {
        accountId: "acct_1",
        phoneNumberId: "num_1",
        messageSid: "SM1",
        from: "+14155550123",
        to: OUR_NUMBER,
        body: "Hello",
        numSegments: 2,
        numMedia: 1,
        mediaUrls: ["https://m/1"],
        mediaContentTypes: ["image/jpeg"],
        receivedAt: NOW,
        contactPhone: "+14155550123",
        optOut: null,
      },
    ]);
    expect(published).toEqual([
      {
        accountId: "acct_1",
        event: {
          type: "message.received",
          messageSid: "SM1",
          from: "+14155550123",
          to: OUR_NUMBER,
          body: "Hello",
        },
      },
    ]);
  });

  it.each([
    ["no MessageSid", { messageSid: undefined }],
    ["no sender", { from: "" }],
    ["no recipient", { to: "" }],
  ])("stores nothing with %s", async (_, overrides) => {
    const { ports, recorded, published, lookups } = fakePorts();
    expect(await receiveText(ports, text(overrides))).toEqual({ ok: false, reason: "incomplete" });
    expect([recorded, published, lookups]).toEqual([[], [], []]);
  });

  it("stores nothing for a number no account owns", async () => {
    const { ports, recorded, published } = fakePorts();
    const result = await receiveText(ports, text({ to: "+19995550100" }));
    expect(result).toEqual({ ok: false, reason: "no_owner", messageSid: "SM1", to: "+19995550100" });
    expect([recorded, published]).toEqual([[], []]);
  });

  it.each(["duplicate", "account_gone"] as const)("a %s text is not announced", async (outcome) => {
    const { ports, published } = fakePorts(outcome);
    const result = await receiveText(ports, text());
    expect(result).toEqual({ ok: false, reason: outcome, accountId: "acct_1", messageSid: "SM1" });
    expect(published).toEqual([]);
  });

  it("counts the segments itself when the carrier did not say", async () => {
    const { ports, recorded } = fakePorts();
    await receiveText(ports, text({ body: "x".repeat(161), numSegments: 0 }));
    expect(recorded[0]?.numSegments).toBe(2);
  });

  // [sender, our number, body, contact, opt-out]
  const senders: [string, string, string, string | null, InboundTextRecord["optOut"]][] = [
    ["+14155550123", OUR_NUMBER, " stop ", "+14155550123", "add"],
    ["+14155550123", OUR_NUMBER, "UNSUBSCRIBE", "+14155550123", "add"],
    ["+14155550123", OUR_NUMBER, "Start", "+14155550123", "remove"],
    ["+14155550123", OUR_NUMBER, "stop calling me", "+14155550123", null],
    ["+14155550123", OUR_NUMBER, "HELP", "+14155550123", null],
    // A withheld, alphanumeric or short-code sender is no contact, and opts out of nothing.
    ["anonymous", OUR_NUMBER, "STOP", null, null],
    ["ACME", OUR_NUMBER, "STOP", null, null],
    ["55555", OUR_NUMBER, "STOP", null, null],
    // Our short code takes no keyword here (the carrier handles its own).
    ["+14155550123", "12345", "STOP", "+14155550123", null],
  ];
  it.each(senders)(
    "from %s to %s saying %j: contact %s, opt-out %s",
    async (from, to, body, contact, optOut) => {
      const { ports, recorded } = fakePorts();
      ports.ownerOf = () => OWNER;
      await receiveText(ports, text({ from, to, body }));
      expect(recorded[0]).toMatchObject({ contactPhone: contact, optOut });
    },
  );
});

describe("keywordOf", () => {
  it.each([
    ["STOP", "opt-out"],
    ["  quit\n", "opt-out"],
    ["yes", "opt-in"],
    ["INFO", null],
    ["stop please", null],
  ] as const)("%j is %s", (body, keyword) => {
    expect(keywordOf(body)).toBe(keyword);
  });
});
