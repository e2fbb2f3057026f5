import { textingRegistrationMessages } from "@poundline/contracts/texting-registration/schemas";
import { TOLL_FREE_STATUS } from "@poundline/domain/toll-free-verification";
import { type SendingNumber, textingRefusalOf } from "@poundline/modules/texting-registration/gate";
import { describe, expect, it } from "vitest";

const number = (change: Partial<SendingNumber>): SendingNumber => ({
  id: "num_1",
  e164: "+14075550100",
  numberType: "local",
  smsEnabled: true,
  registrationStage: null,
  tollFreeStatus: null,
  ...change,
});

describe("the texting gate: one rule per kind of sending number", () => {
  it.each([
    ["a US local number, never registered", {}, "unregistered", textingRegistrationMessages.unregistered],
    [
      "a US local number, brand in review",
      { registrationStage: "brand_review" },
      "unregistered",
      textingRegistrationMessages.pending,
    ],
    [
      "a US local number, campaign in review",
      { registrationStage: "campaign_review" },
      "unregistered",
      textingRegistrationMessages.pending,
    ],
    [
      "a US local number, rejected",
      { registrationStage: "rejected" },
      "unregistered",
      textingRegistrationMessages.rejected,
    ],
    [
      "a toll-free number, never verified",
      { numberType: "toll-free", e164: "+18885550142" },
      "toll_free_unverified",
      /not verified for texting yet/,
    ],
    [
      "a toll-free number, in review",
      { numberType: "toll-free", e164: "+18885550142", tollFreeStatus: TOLL_FREE_STATUS.inReview },
      "toll_free_unverified",
      /once the carrier approves it/,
    ],
    [
      "a toll-free number, rejected",
      { numberType: "toll-free", e164: "+18885550142", tollFreeStatus: TOLL_FREE_STATUS.rejected },
      "toll_free_unverified",
      /rejected\. Correct it and resubmit/,
    ],
  ] as const)("refuses %s", (_, change, reason, message) => {
    const refusal = textingRefusalOf(number(change));
    expect(refusal?.reason).toBe(reason);
    expect(refusal?.message).toMatch(message);
  });

  it.each([
    ["a US local number under an approved campaign", { registrationStage: "approved" }],
    [
      "a toll-free number verified",
      { numberType: "toll-free", e164: "+18885550142", tollFreeStatus: TOLL_FREE_STATUS.approved },
    ],
    // A toll-free number is verified, not registered: the campaign does not cover it, nor is it needed.
    [
      "a verified toll-free number of an unregistered account",
      {
        numberType: "toll-free",
        e164: "+18885550142",
        tollFreeStatus: TOLL_FREE_STATUS.approved,
        registrationStage: null,
      },
    ],
    ["a number abroad", { e164: "+442071234567", numberType: "local" }],
    ["a mobile number abroad", { e164: "+447700900123", numberType: "mobile" }],
  ] as const)("lets %s text", (_, change) => {
    expect(textingRefusalOf(number(change))).toBeNull();
  });
});
