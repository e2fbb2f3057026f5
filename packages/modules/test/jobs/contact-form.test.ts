import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import type { Mailer } from "@poundline/platform/mailer";
import { createMailer } from "@poundline/platform/mailer";
import { createInProcessDriver } from "@poundline/platform/queue/in-process-driver";
import { createOutboxRelay } from "@poundline/platform/queue/outbox-relay";
import { quietLog, waitFor, writeOutbox } from "@poundline/testing/jobs";
import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProcessors } from "../../src/jobs/processors";
import {
  CONTACT_FORM_TEMPLATE,
  type ContactFormPorts,
  contactFormProcessor,
  notifyContactForm,
} from "../../src/notifications/contact-form";

const { formSubmissions, emailOutbox, jobOutbox } = schema;

const INBOX = "sales@poundline.test";

describe("notifyContactForm", () => {
  let handle: DatabaseHandle;
  let ports: ContactFormPorts;
  const log = pino({ level: "silent" });

  beforeAll(async () => {
    handle = await createTestDatabase();
    ports = {
      db: handle.db,
      log,
      clock: () => new Date(),
      mailer: createMailer({ db: handle.db, log, from: "Poundline <no-reply@poundline.test>" }),
      contactInbox: INBOX,
    };
  });
  afterAll(() => handle.close());

  async function submission(over: Partial<typeof formSubmissions.$inferInsert> = {}): Promise<string> {
    const id = newId("submission");
    await handle.db.insert(formSubmissions).values({
      id,
      name: "Grace Hopper",
      email: "grace@example.com",
      phone: "(407) 555-0100",
      company: "Compilers Inc",
      message: "We need 20 lines.\nWith an IVR.",
      createdAt: new Date("2026-03-02T14:05:00Z"),
      ...over,
    });
    return id;
  }

  /** The notices about a sender (each test uses a name of its own). */
  const mailsAbout = (name: string) =>
    handle.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.template, CONTACT_FORM_TEMPLATE),
          eq(emailOutbox.subject, `New contact form message from ${name}`),
        ),
      );

  it("e-mails every field of the message to the contact inbox", async () => {
    const submissionId = await submission({ name: "Mail Test" });
    expect(await notifyContactForm(ports, { submissionId, employees: "51-200" })).toBe("done");
    const sent = await mailsAbout("Mail Test");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      toAddress: INBOX,
      subject: "New contact form message from Mail Test",
      status: "logged",
    });
    const text = sent[0]?.textBody ?? "";
    for (const line of [
      "Name: Mail Test",
      "Email: grace@example.com",
      "Phone: (407) 555-0100",
      "Company: Compilers Inc",
      "Company size: 51-200 employees",
      "Submitted: 2026-03-02T14:05:00.000Z",
      "We need 20 lines.\nWith an IVR.",
    ])
      expect(text).toContain(line);
  });

  it("says which optional fields were left empty", async () => {
    const submissionId = await submission({ name: "No Extras", phone: null, company: null });
    expect(await notifyContactForm(ports, { submissionId, employees: null })).toBe("done");
    const text = (await mailsAbout("No Extras"))[0]?.textBody ?? "";
    expect(text).toContain("Phone: Not provided");
    expect(text).toContain("Company: Not provided");
    expect(text).toContain("Company size: Not provided");
  });

  it("sends once, even to concurrent and repeated runs", async () => {
    const submissionId = await submission({ name: "Once Only" });
    const payload = { submissionId, employees: "1-10" };
    const outcomes = await Promise.all([
      notifyContactForm(ports, payload),
      notifyContactForm(ports, payload),
    ]);
    expect(outcomes.sort()).toEqual(["done", "skipped"]);
    expect(await notifyContactForm(ports, payload)).toBe("skipped");
    expect(await mailsAbout("Once Only")).toHaveLength(1);
  });

  it("a retry after a failed e-mail sends it once", async () => {
    const submissionId = await submission({ name: "Flaky Smtp" });
    let failing = true;
    const flaky: Mailer = {
      send: (email) => (failing ? Promise.reject(new Error("SMTP down")) : ports.mailer.send(email)),
    };
    const payload = { submissionId, employees: "1-10" };
    await expect(notifyContactForm({ ...ports, mailer: flaky }, payload)).rejects.toThrow("SMTP down");
    failing = false;
    expect(await notifyContactForm({ ...ports, mailer: flaky }, payload)).toBe("done");
    expect(await notifyContactForm({ ...ports, mailer: flaky }, payload)).toBe("skipped");
    expect(await mailsAbout("Flaky Smtp")).toHaveLength(1);
  });

  it("skips a submission that no longer exists", async () => {
    expect(await notifyContactForm(ports, { submissionId: "frm_gone", employees: "1-10" })).toBe("skipped");
  });

  it("runs from the outbox row the API writes, through the relay", async () => {
    const submissionId = await submission({ name: "Through Relay" });
    const driver = createInProcessDriver({
      ports: { db: handle.db, log: quietLog, clock: () => new Date() },
    });
    const relay = createOutboxRelay({ db: handle.db, driver, log: quietLog });
    await driver.start(
      createProcessors({
        notifications: {
          "contact-form": contactFormProcessor({ mailer: ports.mailer, contactInbox: INBOX }),
        },
      }),
    );
    try {
      await writeOutbox(handle.db, "notifications", "contact-form", `contact-form:${submissionId}`, {
        submissionId,
        employees: "11-50",
      });
      await relay.relayOnce();
      await waitFor(async () => (await mailsAbout("Through Relay")).length === 1);
      expect((await mailsAbout("Through Relay"))[0]?.textBody).toContain("Company size: 11-50 employees");
      // The worker settles the outbox row once the notice is sent.
      await waitFor(async () => {
        const [row] = await handle.db
          .select({ settledAt: jobOutbox.settledAt })
          .from(jobOutbox)
          .where(eq(jobOutbox.jobId, `contact-form:${submissionId}`));
        return row?.settledAt != null;
      });
    } finally {
      await driver.stop();
    }
  });
});
