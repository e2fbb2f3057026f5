import type { requestListSchema } from "@poundline/contracts/admin/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";

type RequestList = z.input<typeof requestListSchema>;

let t: TestApp;
let adminSession: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  adminSession = await signIn(t, await createUser(t, { admin: true }));
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: "POST", url, headers: { origin: TEST_ORIGIN }, payload });
const send = (method: "GET" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: adminSession.headers, ...(payload ? { payload } : {}) });

describe("the queues of the public forms", () => {
  it.each([
    [
      "contact",
      "/api/contact",
      { name: "Queue Tester", email: "queue@example.com", message: "Please call me back.", company: "Q Co" },
      { title: "Queue Tester", email: "queue@example.com", details: "Please call me back.", company: "Q Co" },
      "in_progress",
      schema.formSubmissions,
    ],
    [
      "features",
      "/api/feature-requests",
      { featureName: "Fax to e-mail", description: "Receive faxes as PDFs.", email: "fax@example.com" },
      { title: "Fax to e-mail", details: "Receive faxes as PDFs.", email: "fax@example.com" },
      "planned",
      schema.featureRequests,
    ],
    [
      "phone-numbers",
      "/api/phone-number-requests",
      { numberType: "local", areaCode: "415", quantity: 2, purpose: "Sales line", email: "num@example.com" },
      { title: "local 415 × 2", details: "Sales line", email: "num@example.com" },
      "done",
      schema.phoneNumberRequests,
    ],
  ] as const)(
    "%s: a submission is listed new; its status changes, audited",
    async (queue, form, body, shown, next, table) => {
      const submitted = await post(form, body);
      expect(submitted.statusCode, submitted.body).toBe(201);
      const { id } = submitted.json<{ id: string }>();

      const list = await send("GET", `/api/admin/requests/${queue}?status=new`);
      expect(list.statusCode, list.body).toBe(200);
      const page = list.json<RequestList>();
      expect(page.items.find((item) => item.id === id)).toMatchObject({ ...shown, status: "new" });
      expect(page.statuses).toContain(next);

      const changed = await send("PATCH", `/api/admin/requests/${queue}/${id}`, { status: next });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ id, status: next });
      const [row] = await t.db.db.select({ status: table.status }).from(table).where(eq(table.id, id));
      expect(row?.status).toBe(next);

      const filtered = await send("GET", `/api/admin/requests/${queue}?status=${next}`);
      expect(filtered.json<RequestList>().items.map((item) => item.id)).toContain(id);
      const [entry] = await t.db.db
        .select()
        .from(schema.adminAuditLog)
        .where(eq(schema.adminAuditLog.targetId, id));
      expect(entry).toMatchObject({ before: { status: "new" }, after: { status: next } });
      expect(entry?.action).toMatch(/\.status$/);
    },
  );
});
