import type {
  ContactInput,
  FeatureRequestInput,
  PhoneNumberRequestInput,
} from "@poundline/contracts/site/schemas";
import { type companySizes, numberTypes } from "@poundline/db/enums";

/**
 * The public forms' values and the request bodies they make: text trimmed, optional fields left
 * out when blank. The API's schema then checks the body, on the page and again on the server.
 */

export type CompanySize = (typeof companySizes)[number];

export type ContactValues = {
  name: string;
  email: string;
  phone: string;
  company: string;
  employees: CompanySize;
  message: string;
};

export const emptyContact: ContactValues = {
  name: "",
  email: "",
  phone: "",
  company: "",
  employees: "1-10",
  message: "",
};

export function contactBody(values: ContactValues): ContactInput {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim() || undefined,
    company: values.company.trim() || undefined,
    employees: values.employees,
    message: values.message.trim(),
  };
}

export type FeatureRequestValues = { featureName: string; description: string; email: string };

export const emptyFeatureRequest: FeatureRequestValues = { featureName: "", description: "", email: "" };

export function featureRequestBody(values: FeatureRequestValues): FeatureRequestInput {
  return {
    featureName: values.featureName.trim(),
    description: values.description.trim(),
    email: values.email.trim() || undefined,
  };
}

export type NumberType = (typeof numberTypes)[number];

export type PhoneNumberRequestValues = {
  /** "" until the visitor picks one. */
  numberType: NumberType | "";
  areaCode: string;
  /** "" while the field is being retyped; forced back to at least 1 when it loses focus. */
  quantity: number | "";
  purpose: string;
  email: string;
};

/** No type is chosen at first: the visitor picks one (the area code field follows "Local Number"). */
export const emptyPhoneNumberRequest: PhoneNumberRequestValues = {
  numberType: "",
  areaCode: "",
  quantity: 1,
  purpose: "",
  email: "",
};

/**
 * The request the values make; the fields not chosen yet are absent, for the schema to refuse.
 * A signed-in visitor is answered through the account: no e-mail is sent.
 */
export function phoneNumberRequestBody(
  values: PhoneNumberRequestValues,
  { signedIn }: { signedIn: boolean },
): Partial<PhoneNumberRequestInput> {
  return {
    numberType: values.numberType || undefined,
    // The area code belongs to local numbers only.
    areaCode: values.numberType === "local" ? values.areaCode : undefined,
    quantity: values.quantity === "" ? undefined : values.quantity,
    purpose: values.purpose.trim() || undefined,
    email: signedIn ? undefined : values.email.trim() || undefined,
  };
}

/** The number type a radio button gives: "" for anything but the API's types. */
export function numberTypeInput(value: string): NumberType | "" {
  return numberTypes.find((type) => type === value) ?? "";
}

const AREA_CODE_DIGITS = 3;

/** Area codes are digits only, at most three of them. */
export function areaCodeInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, AREA_CODE_DIGITS);
}

/** Quantity is a whole number of at least 1 (an empty field stays empty while typing). */
export function quantityInput(value: number | string): number | "" {
  if (value === "") return "";
  const whole = Math.trunc(Number(value));
  return Number.isFinite(whole) && whole >= 1 ? whole : 1;
}
