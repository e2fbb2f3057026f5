import { describe, expect, it } from "vitest";
import {
  carrierErrorText,
  conversationKeyOf,
  deliveryLabel,
  groupByDay,
  sendsOnKey,
  toE164,
} from "../../src/modules/messages/format";
import { formatPhone } from "../../src/ui/format";

describe("conversationKeyOf", () => {
  it("groups an inbound text by its recipient and an outbound one by its sender", () => {
    expect(
      conversationKeyOf({ direction: "inbound", fromNumber: "+15557770001", toNumber: "+15550002000" }),
    ).toEqual({
      ourNumber: "+15550002000",
      peerNumber: "+15557770001",
    });
    expect(
      conversationKeyOf({ direction: "outbound", fromNumber: "+15550002000", toNumber: "+15557770001" }),
    ).toEqual({
      ourNumber: "+15550002000",
      peerNumber: "+15557770001",
    });
  });
});

describe("toE164", () => {
  it.each([
    ["(555) 123-4567", "+15551234567"],
    ["(055) 123-4567", null],
    ["(305) 123-4567", "+13051234567"],
    ["1 305 123 4567", "+13051234567"],
    ["+44 20 7946 0958", "+442079460958"],
    ["+13051234567", "+13051234567"],
    ["305-12", null],
    ["call me", null],
    ["+0123456789", null],
  ])("%s → %s", (typed, expected) => {
    expect(toE164(typed)).toBe(expected);
  });
});

describe("labels", () => {
  it("formats North American numbers and leaves the rest", () => {
    expect(formatPhone("+13051234567")).toBe("(305) 123-4567");
    expect(formatPhone("+442079460958")).toBe("+442079460958");
    expect(formatPhone("client:acct_1_usr_2")).toBe("Softphone (browser)");
    expect(formatPhone("ALERTS")).toBe("ALERTS");
  });
  it("names statuses and the carrier's errors", () => {
    expect(deliveryLabel("undelivered")).toBe("Undelivered");
    expect(carrierErrorText(30003)).toBe("Error 30003: Unreachable destination handset");
    expect(carrierErrorText(12345)).toBe("Error 12345");
    expect(carrierErrorText(null)).toBeNull();
  });
});

describe("groupByDay", () => {
  it("keeps consecutive messages of a day together", () => {
    const at = (d: number, h: number) => new Date(2025, 2, d, h).toISOString();
    const groups = groupByDay([{ sentAt: at(1, 9) }, { sentAt: at(1, 23) }, { sentAt: at(2, 0) }]);
    expect(groups.map((g) => [g.day, g.messages.length])).toEqual([
      ["2025-03-01", 2],
      ["2025-03-02", 1],
    ]);
  });
});

describe("sendsOnKey", () => {
  it("sends on Enter, not on Shift+Enter nor while composing", () => {
    expect(sendsOnKey({ key: "Enter", shiftKey: false })).toBe(true);
    expect(sendsOnKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(sendsOnKey({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnKey({ key: "a", shiftKey: false })).toBe(false);
  });
});
