import type { TestApp } from "../../src/testing";
import type { SignedIn } from "../fixtures";

/** A JSON request as the signed-in user (or a visitor without `as`). */
export function call(
  t: TestApp,
  method: "GET" | "PUT" | "POST" | "DELETE",
  url: string,
  as?: SignedIn,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: "http://localhost:3000", ...(as ? { cookie: as.cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** An image upload: the file's bytes as the body. */
export function upload(t: TestApp, as: SignedIn | undefined, bytes: Buffer, contentType = "image/png") {
  return t.app.inject({
    method: "POST",
    url: "/api/settings/avatar",
    headers: {
      origin: "http://localhost:3000",
      "content-type": contentType,
      ...(as ? { cookie: as.cookie } : {}),
    },
    payload: bytes,
  });
}

export const validCompany = {
  companyName: "Acme Plumbing",
  contactName: "Ada Lovelace",
  email: "office@acme.example",
  phone: "(415) 555-0134",
  addressLine1: "1 Market Street",
  addressLine2: "Floor 2",
  city: "San Francisco",
  stateProvince: "ca",
  postalCode: "94105",
  country: "US",
};
