import { type CreatedResponse, siteMessages } from "@poundline/contracts/site/schemas";
import { schema } from "@poundline/db";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { JobsPort } from "../../src/app";
import { FORM_RATE_LIMIT } from "../../src/routes/site/shared";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";

const { formSubmissions, featureRequests, phoneNumberRequests, jobOutbox } = schema;

let t: TestApp;
const jobs = { notify: vi.fn(), counts: vi.fn() } satisfies JobsPort;

beforeAll(async () => {
  t = await createTestApp({ jobs });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(formSubmissions);
  await t.db.db.delete(featureRequests);
  await t.db.db.delete(phoneNumberRequests);
  await t.db.db.delete(jobOutbox);
  jobs.notify.mockClear();
});

interface ErrorJson {
  error: { code: string; message: string; requestId: string; fields?: Record<string, string[]> };
}

/** Each form is limited per IP: every request here comes from an address of its own. */
let lastAddress = 0;
function nextAddress(): string {
  lastAddress += 1;
  return `10.1.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

function post(
  url: string,
  payload?: unknown,
  options: { headers?: Record<string, string>; ip?: string } = {},
) {
  return t.app.inject({
    method: "POST",
    url,
    remoteAddress: options.ip ?? nextAddress(),
    headers: { origin: TEST_ORIGIN, ...options.headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function rowsIn(table: typeof formSubmissions | typeof featureRequests | typeof phoneNumberRequests) {
  const [row] = await t.db.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

async function outboxRows() {
  return t.db.db.select().from(jobOutbox);
}

const long = (n: number) => "x".repeat(n);

/** The field names of a 400 and its first message per field. */
function fieldMessages(error: ErrorJson["error"]): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(error.fields ?? {}).map(([field, messages]) => [field, messages[0]]),
  );
}

describe("POST /api/contact", () => {
  const contact = {
    name: "Grace Hopper",
    email: "grace@example.com",
    phone: "(407) 555-0100",
    company: "Compilers Inc",
    message: "We need 20 lines with IVR.",
    employees: "51-200",
  };

  it("saves the message and queues its notice in the same transaction", async () => {
    const res = await post("/api/contact", contact, { headers: { "user-agent": "Mozilla/5.0 (Test)" } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<CreatedResponse>();
    expect(id).toMatch(/^frm_/);

    const [row] = await t.db.db.select().from(formSubmissions).where(eq(formSubmissions.id, id));
    expect(row).toMatchObject({
      name: "Grace Hopper",
      email: "grace@example.com",
      phone: "(407) 555-0100",
      company: "Compilers Inc",
      message: "We need 20 lines with IVR.",
      formType: "contact",
      source: "website",
      status: "new",
      userAgent: "Mozilla/5.0 (Test)",
    });
    const outbox = await outboxRows();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      queue: "notifications",
      jobName: "contact-form",
      jobId: `contact-form:${id}`,
      payload: { submissionId: id, employees: "51-200" },
      relayedAt: null,
    });
    expect(jobs.notify).toHaveBeenCalledTimes(1);
  });

  it("keeps only the required fields, trimmed, with company size 1-10 by default", async () => {
    const res = await post("/api/contact", {
      name: "  Ann  ",
      email: " ann@example.com ",
      message: " Hello ",
      phone: "",
      company: "   ",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<CreatedResponse>();
    const [row] = await t.db.db.select().from(formSubmissions).where(eq(formSubmissions.id, id));
    expect(row).toMatchObject({
      name: "Ann",
      email: "ann@example.com",
      message: "Hello",
      phone: null,
      company: null,
      userAgent: "lightMyRequest",
    });
    expect((await outboxRows())[0]?.payload).toEqual({ submissionId: id, employees: "1-10" });
  });

  it("cuts a long user agent to 500 characters", async () => {
    const res = await post("/api/contact", contact, { headers: { "user-agent": long(2000) } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.db.select().from(formSubmissions);
    expect(row?.userAgent).toBe(long(500));
  });

  it("accepts every company size", async () => {
    for (const employees of ["1-10", "11-50", "51-200", "201-500", "501+"]) {
      const res = await post("/api/contact", { ...contact, employees });
      expect(res.statusCode, res.body).toBe(201);
    }
    const sizes = (await outboxRows()).map((row) => (row.payload as { employees: string }).employees);
    expect(sizes.sort()).toEqual(["1-10", "11-50", "201-500", "501+", "51-200"]);
  });

  it("saves nothing when the notice cannot be queued", async () => {
    // A failing outbox insert must take the submission down with it.
    await t.db.db.execute(sql`create function refuse_job() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end $$`);
    await t.db.db.execute(
      sql`create trigger refuse_job before insert on job_outbox for each row execute function refuse_job()`,
    );
    try {
      const res = await post("/api/contact", contact);
      expect(res.statusCode).toBe(500);
      expect(await rowsIn(formSubmissions)).toBe(0);
    } finally {
      await t.db.db.execute(sql`drop trigger refuse_job on job_outbox`);
      await t.db.db.execute(sql`drop function refuse_job()`);
    }
  });

  it.each([
    {
      label: "an empty body",
      body: {},
      fields: { name: "nameRequired", email: "emailRequired", message: "messageRequired" },
    },
    { label: "no name", body: { ...contact, name: undefined }, fields: { name: "nameRequired" } },
    { label: "a blank name", body: { ...contact, name: "   " }, fields: { name: "nameRequired" } },
    { label: "a name that is not text", body: { ...contact, name: 7 }, fields: { name: "nameRequired" } },
    { label: "no e-mail", body: { ...contact, email: undefined }, fields: { email: "emailRequired" } },
    { label: "an empty e-mail", body: { ...contact, email: "" }, fields: { email: "emailRequired" } },
    {
      label: "a bad e-mail",
      body: { ...contact, email: "grace@example" },
      fields: { email: "invalidEmail" },
    },
    {
      label: "an e-mail with spaces",
      body: { ...contact, email: "grace hopper@example.com" },
      fields: { email: "invalidEmail" },
    },
    { label: "no message", body: { ...contact, message: undefined }, fields: { message: "messageRequired" } },
    {
      label: "a blank message",
      body: { ...contact, message: "\n " },
      fields: { message: "messageRequired" },
    },
    {
      label: "an unknown company size",
      body: { ...contact, employees: "5000" },
      fields: { employees: "invalidCompanySize" },
    },
    {
      label: "a name too long",
      body: { ...contact, name: long(201) },
      fields: { name: "Full Name must be at most 200 characters." },
    },
    {
      label: "an e-mail too long",
      body: { ...contact, email: `${long(250)}@example.com` },
      fields: { email: "Email Address must be at most 254 characters." },
    },
    {
      label: "a phone too long",
      body: { ...contact, phone: long(41) },
      fields: { phone: "Phone must be at most 40 characters." },
    },
    {
      label: "a company too long",
      body: { ...contact, company: long(201) },
      fields: { company: "Company must be at most 200 characters." },
    },
    {
      label: "a message too long",
      body: { ...contact, message: long(5001) },
      fields: { message: "Message must be at most 5000 characters." },
    },
  ])("answers 400 with field messages for $label and writes nothing", async ({ body, fields }) => {
    const res = await post("/api/contact", body);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<ErrorJson>();
    expect(error.code).toBe("BAD_REQUEST");
    const expected = Object.fromEntries(
      Object.entries(fields).map(([field, message]) => [
        `body.${field}`,
        message in siteMessages ? siteMessages[message as keyof typeof siteMessages] : message,
      ]),
    );
    expect(fieldMessages(error)).toEqual(expected);
    expect(await rowsIn(formSubmissions)).toBe(0);
    expect(await outboxRows()).toEqual([]);
    expect(jobs.notify).not.toHaveBeenCalled();
  });

  it("answers 400 for a body that is not an object", async () => {
    for (const payload of [undefined, "[]", "null"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        remoteAddress: nextAddress(),
        headers: { origin: TEST_ORIGIN, ...(payload ? { "content-type": "application/json" } : {}) },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await rowsIn(formSubmissions)).toBe(0);
  });

  it("refuses a write from another site", async () => {
    const res = await post("/api/contact", contact, { headers: { origin: "https://evil.example" } });
    expect(res.statusCode).toBe(403);
    expect(await rowsIn(formSubmissions)).toBe(0);
  });
});

describe("POST /api/feature-requests", () => {
  it("saves the request, e-mail included", async () => {
    const res = await post("/api/feature-requests", {
      featureName: " Call whisper ",
      description: "Announce the caller's campaign before connecting.",
      email: "ops@example.com",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<CreatedResponse>();
    expect(id).toMatch(/^freq_/);
    const [row] = await t.db.db.select().from(featureRequests).where(eq(featureRequests.id, id));
    expect(row).toMatchObject({
      featureName: "Call whisper",
      description: "Announce the caller's campaign before connecting.",
      email: "ops@example.com",
      status: "new",
    });
  });

  it.each([
    ["without an e-mail", {}],
    ["with an empty e-mail", { email: "" }],
    ["with a null e-mail", { email: null }],
  ])("saves a request %s (the e-mail is optional)", async (_label, extra) => {
    const res = await post("/api/feature-requests", {
      featureName: "Dark mode",
      description: "Please.",
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.db.select().from(featureRequests);
    expect(row?.email).toBeNull();
  });

  const valid = { featureName: "Dark mode", description: "Please.", email: "a@example.com" };
  it.each([
    { label: "an empty body", body: {}, fields: ["featureName", "description"] },
    { label: "no feature name", body: { ...valid, featureName: undefined }, fields: ["featureName"] },
    { label: "a blank feature name", body: { ...valid, featureName: " " }, fields: ["featureName"] },
    { label: "no description", body: { ...valid, description: undefined }, fields: ["description"] },
    { label: "a blank description", body: { ...valid, description: "" }, fields: ["description"] },
  ])("answers 400 for $label and writes nothing", async ({ body, fields }) => {
    const res = await post("/api/feature-requests", body);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<ErrorJson>();
    expect(error.message).toBe(siteMessages.featureFieldsRequired);
    expect(fieldMessages(error)).toEqual(
      Object.fromEntries(fields.map((field) => [`body.${field}`, siteMessages.featureFieldsRequired])),
    );
    expect(await rowsIn(featureRequests)).toBe(0);
  });

  it.each([
    ["a bad e-mail", { ...valid, email: "not-an-email" }, "body.email", siteMessages.invalidEmail],
    ["an e-mail that is not text", { ...valid, email: 12 }, "body.email", siteMessages.invalidEmail],
    [
      "a feature name too long",
      { ...valid, featureName: long(201) },
      "body.featureName",
      "Feature Name must be at most 200 characters.",
    ],
    [
      "a description too long",
      { ...valid, description: long(5001) },
      "body.description",
      "Description must be at most 5000 characters.",
    ],
  ])("answers 400 for %s", async (_label, body, field, message) => {
    const res = await post("/api/feature-requests", body);
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldMessages(res.json<ErrorJson>().error)).toEqual({ [field]: message });
    expect(await rowsIn(featureRequests)).toBe(0);
  });
});

describe("POST /api/phone-number-requests", () => {
  it("saves a local request of an anonymous visitor, tied to no account", async () => {
    const res = await post("/api/phone-number-requests", {
      numberType: "local",
      areaCode: "407",
      quantity: 3,
      purpose: " Sales team ",
      email: "it@example.com",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<CreatedResponse>();
    expect(id).toMatch(/^nreq_/);
    const [row] = await t.db.db.select().from(phoneNumberRequests).where(eq(phoneNumberRequests.id, id));
    expect(row).toMatchObject({
      numberType: "local",
      areaCode: "407",
      quantity: 3,
      purpose: "Sales team",
      email: "it@example.com",
      accountId: null,
      userId: null,
      status: "new",
    });
  });

  it("saves a toll-free request without an area code, dropping one that was sent", async () => {
    for (const areaCode of [undefined, "", "800", "12x"]) {
      const res = await post("/api/phone-number-requests", {
        numberType: "toll-free",
        areaCode,
        quantity: 1,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = await t.db.db.select().from(phoneNumberRequests);
    expect(rows).toHaveLength(4);
    for (const row of rows)
      expect(row).toMatchObject({ numberType: "toll-free", areaCode: null, purpose: null });
  });

  it("ties a signed-in user's request to their account", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const res = await post(
      "/api/phone-number-requests",
      { numberType: "local", areaCode: "312", quantity: 1 },
      { headers: session.headers },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.db.select().from(phoneNumberRequests);
    expect(row).toMatchObject({ accountId: user.accountId, userId: user.id, areaCode: "312" });
  });

  const local = { numberType: "local", areaCode: "407", quantity: 1 };
  it.each([
    { label: "an empty body", body: {}, fields: ["numberType", "quantity"] },
    { label: "no number type", body: { ...local, numberType: undefined }, fields: ["numberType"] },
    { label: "an unknown number type", body: { ...local, numberType: "vanity" }, fields: ["numberType"] },
    {
      label: "a local number without area code",
      body: { ...local, areaCode: undefined },
      fields: ["areaCode"],
    },
    {
      label: "a local number with an empty area code",
      body: { ...local, areaCode: "" },
      fields: ["areaCode"],
    },
    { label: "an area code of 2 digits", body: { ...local, areaCode: "40" }, fields: ["areaCode"] },
    { label: "an area code of 4 digits", body: { ...local, areaCode: "4075" }, fields: ["areaCode"] },
    { label: "an area code with letters", body: { ...local, areaCode: "4a7" }, fields: ["areaCode"] },
    { label: "an area code that is a number", body: { ...local, areaCode: 407 }, fields: ["areaCode"] },
    { label: "no quantity", body: { ...local, quantity: undefined }, fields: ["quantity"] },
    { label: "a quantity of 0", body: { ...local, quantity: 0 }, fields: ["quantity"] },
    { label: "a negative quantity", body: { ...local, quantity: -2 }, fields: ["quantity"] },
    { label: "a fractional quantity", body: { ...local, quantity: 1.5 }, fields: ["quantity"] },
    { label: "a quantity in text", body: { ...local, quantity: "2" }, fields: ["quantity"] },
  ])("answers 400 for $label and writes nothing", async ({ body, fields }) => {
    const res = await post("/api/phone-number-requests", body);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<ErrorJson>();
    expect(error.message).toBe(siteMessages.phoneFieldsRequired);
    expect(fieldMessages(error)).toEqual(
      Object.fromEntries(fields.map((field) => [`body.${field}`, siteMessages.phoneFieldsRequired])),
    );
    expect(await rowsIn(phoneNumberRequests)).toBe(0);
  });

  it.each([
    ["more than 100 numbers", { ...local, quantity: 101 }, "body.quantity", siteMessages.tooManyNumbers],
    ["a bad e-mail", { ...local, email: "it@" }, "body.email", siteMessages.invalidEmail],
    [
      "a purpose too long",
      { ...local, purpose: long(501) },
      "body.purpose",
      "Purpose must be at most 500 characters.",
    ],
  ])("answers 400 for %s", async (_label, body, field, message) => {
    const res = await post("/api/phone-number-requests", body);
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldMessages(res.json<ErrorJson>().error)).toEqual({ [field]: message });
    expect(await rowsIn(phoneNumberRequests)).toBe(0);
  });
});

describe("the forms' rate limit", () => {
  it.each([
    ["/api/contact", { name: "A", email: "a@example.com", message: "Hi" }],
    ["/api/feature-requests", { featureName: "A", description: "B" }],
    ["/api/phone-number-requests", { numberType: "toll-free", quantity: 1 }],
  ])("allows %s 10 times a minute per address", async (url, body) => {
    const ip = nextAddress();
    for (let i = 0; i < FORM_RATE_LIMIT.max; i += 1) {
      const res = await post(url, body, { ip });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await post(url, body, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorJson>().error.code).toBe("TOO_MANY_REQUESTS");
    // Another address is not affected.
    expect((await post(url, body)).statusCode).toBe(201);
  });
});
