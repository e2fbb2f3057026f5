import {
  contactBodySchema,
  featureRequestBodySchema,
  phoneNumberRequestBodySchema,
  siteMessages,
} from "@poundline/contracts/site/schemas";
import { zod4Resolver } from "mantine-form-zod-resolver";
import { describe, expect, it } from "vitest";
import {
  areaCodeInput,
  contactBody,
  emptyContact,
  emptyFeatureRequest,
  emptyPhoneNumberRequest,
  featureRequestBody,
  numberTypeInput,
  type PhoneNumberRequestValues,
  phoneNumberRequestBody,
  quantityInput,
} from "../../../src/pages/public/form-bodies";

describe("contactBody", () => {
  it("trims the text and leaves out a blank phone and company", () => {
    const body = contactBody({
      ...emptyContact,
      name: "  Casey Contact ",
      email: " casey@example.com",
      phone: "   ",
      message: " Do you port numbers?\n",
    });
    expect(body).toEqual({
      name: "Casey Contact",
      email: "casey@example.com",
      phone: undefined,
      company: undefined,
      employees: "1-10",
      message: "Do you port numbers?",
    });
    expect(contactBodySchema.safeParse(body).success).toBe(true);
  });

  it("gives the API's messages for an empty form", () => {
    expect(zod4Resolver(contactBodySchema)(contactBody(emptyContact))).toEqual({
      name: siteMessages.nameRequired,
      email: siteMessages.emailRequired,
      message: siteMessages.messageRequired,
    });
  });
});

describe("featureRequestBody", () => {
  it("trims the text and leaves out a blank e-mail", () => {
    expect(featureRequestBody({ featureName: " Inbox ", description: " Shared\n", email: "  " })).toEqual({
      featureName: "Inbox",
      description: "Shared",
      email: undefined,
    });
  });

  it.each([
    [
      "an empty form",
      emptyFeatureRequest,
      { featureName: siteMessages.featureFieldsRequired, description: siteMessages.featureFieldsRequired },
    ],
    [
      "a malformed e-mail",
      { featureName: "Inbox", description: "Shared", email: "casey@" },
      { email: siteMessages.invalidEmail },
    ],
    ["a complete request", { featureName: "Inbox", description: "Shared", email: "" }, {}],
  ])("%s: the API's messages", (_case, values, messages) => {
    expect(zod4Resolver(featureRequestBodySchema)(featureRequestBody(values))).toEqual(messages);
  });
});

describe("phoneNumberRequestBody", () => {
  const local: PhoneNumberRequestValues = {
    numberType: "local",
    areaCode: "407",
    quantity: 2,
    purpose: " Sales line ",
    email: " casey@example.com ",
  };

  it("keeps the area code of a local number, and the e-mail of a visitor", () => {
    expect(phoneNumberRequestBody(local, { signedIn: false })).toEqual({
      numberType: "local",
      areaCode: "407",
      quantity: 2,
      purpose: "Sales line",
      email: "casey@example.com",
    });
  });

  it("drops the area code of a toll-free number and the e-mail of a signed-in visitor", () => {
    expect(phoneNumberRequestBody({ ...local, numberType: "toll-free" }, { signedIn: true })).toEqual({
      numberType: "toll-free",
      areaCode: undefined,
      quantity: 2,
      purpose: "Sales line",
      email: undefined,
    });
  });

  const missing = siteMessages.phoneFieldsRequired;
  it.each([
    ["no type chosen", { ...emptyPhoneNumberRequest }, { numberType: missing }],
    ["a local number without its area code", { ...local, areaCode: "40" }, { areaCode: missing }],
    ["a quantity being retyped", { ...local, quantity: "" as const }, { quantity: missing }],
    ["too many numbers", { ...local, quantity: 101 }, { quantity: siteMessages.tooManyNumbers }],
    [
      "a toll-free number without an area code",
      { ...local, numberType: "toll-free" as const, areaCode: "" },
      {},
    ],
    ["a complete local request", local, {}],
  ])("%s: the API's messages", (_case, values, messages) => {
    const body = phoneNumberRequestBody(values, { signedIn: false });
    expect(zod4Resolver(phoneNumberRequestBodySchema)(body)).toEqual(messages);
  });
});

describe("the phone request's inputs", () => {
  it.each([
    ["407", "407"],
    ["407abc99", "407"],
    ["(4) 0-7", "407"],
    ["abc", ""],
  ])("area code %j keeps %j", (typed, kept) => {
    expect(areaCodeInput(typed)).toBe(kept);
  });

  it.each([
    ["", ""],
    [3, 3],
    ["12", 12],
    [2.7, 2],
    [0, 1],
    [-4, 1],
    ["x", 1],
  ])("quantity %j becomes %j", (typed, quantity) => {
    expect(quantityInput(typed)).toBe(quantity);
  });

  it.each([
    ["local", "local"],
    ["toll-free", "toll-free"],
    ["mobile", ""],
    ["", ""],
  ])("number type %j is %j", (picked, numberType) => {
    expect(numberTypeInput(picked)).toBe(numberType);
  });
});
