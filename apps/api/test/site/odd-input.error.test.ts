import { CONTROL_CHARACTERS_MESSAGE } from "@poundline/contracts/common";
import type { CreatedResponse } from "@poundline/contracts/site/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { type ErrorJson, NUL, rowCounts } from "../odd-input";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each form is limited per IP: every request here comes from an address of its own. */
let lastAddress = 0;
function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  lastAddress += 1;
  return t.app.inject({
    method: "POST",
    url,
    remoteAddress: `10.7.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`,
    headers: { origin: TEST_ORIGIN, ...headers },
    payload,
  });
}

const contact = {
  name: "Grace Hopper",
  email: "grace@example.com",
  phone: "(407) 555-0100",
  company: "Compilers Inc",
  message: "We need 20 lines.",
};
const feature = { featureName: "Call whisper", description: "Say who is calling.", email: "ada@example.com" };
const phoneRequest = {
  numberType: "local",
  areaCode: "407",
  quantity: 2,
  purpose: "Sales",
  email: "ada@example.com",
};

const cases: { url: string; body: Record<string, unknown>; field: string; value: string }[] = [
  ...Object.entries(contact).map(([field, value]) => ({
    url: "/api/contact",
    body: contact,
    field,
    value: `${value}${NUL}`,
  })),
  { url: "/api/contact", body: contact, field: "message", value: "Ring\u0007 me" },
  { url: "/api/contact", body: contact, field: "name", value: "Grace\nHopper" },
  ...Object.entries(feature).map(([field, value]) => ({
    url: "/api/feature-requests",
    body: feature,
    field,
    value: `${NUL}${value}`,
  })),
  ...(["areaCode", "purpose", "email"] as const).map((field) => ({
    url: "/api/phone-number-requests",
    body: phoneRequest,
    field,
    value: `${phoneRequest[field].slice(0, 1)}${NUL}${phoneRequest[field].slice(1)}`,
  })),
];

describe("a control character in a public form", () => {
  it.each(cases.map((c) => ({ ...c, label: `${c.url} ${c.field}` })))(
    "$label: 400 naming the field, nothing written",
    async ({ url, body, field, value }) => {
      const before = await rowCounts(t);
      const res = await post(url, { ...body, [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json<ErrorJson>();
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.fields?.[`body.${field}`]).toContain(CONTROL_CHARACTERS_MESSAGE);
      expect(await rowCounts(t)).toEqual(before);
    },
  );

  it("keeps line breaks and tabs in a message and a description", async () => {
    const message = "Line one\nLine two\tend";
    const sent = await post("/api/contact", { ...contact, message });
    expect(sent.statusCode, sent.body).toBe(201);
    const [saved] = await t.db.db
      .select()
      .from(schema.formSubmissions)
      .where(eq(schema.formSubmissions.id, sent.json<CreatedResponse>().id));
    expect(saved?.message).toBe(message);

    const requested = await post("/api/feature-requests", { ...feature, description: message });
    expect(requested.statusCode, requested.body).toBe(201);
  });

  it("drops a control character from the stored user agent", async () => {
    const res = await post("/api/contact", contact, { "user-agent": "Mozilla/5.0\u0001 (X11)" });
    expect(res.statusCode, res.body).toBe(201);
    const [saved] = await t.db.db
      .select()
      .from(schema.formSubmissions)
      .where(eq(schema.formSubmissions.id, res.json<CreatedResponse>().id));
    expect(saved?.userAgent).toBe("Mozilla/5.0 (X11)");
  });

  it("GET /api/content with a NUL byte in keys is a 400", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/content?keys=home_title,a%00b" });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<ErrorJson>().error.fields ?? {})).toContain("querystring.keys");
  });
});
