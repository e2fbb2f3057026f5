import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrationsFolder } from "../src/client";
import { editableContent, faqItems } from "../src/schema/index";
import { faqSeed, homeContentDefaults } from "../src/seed/index";
import { createTestDatabase } from "../src/testing";

/**
 * Migration 0060 (issue 27, item 6): the seeded site texts that the product did not bear out,
 * as databases seeded before it hold them. Each becomes the seed's current text; an edited one stays.
 */
const oldFaqAnswers: { question: string; answer: string }[] = [
  {
    question: "Can I keep my existing business number?",
    answer:
      "Yes. Request a port from the dashboard or contact support; porting usually takes 7-10 business days and your current service keeps working until the transfer completes.",
  },
  {
    question: "Why do you need my physical address?",
    answer:
      "Emergency (E911) calls are routed using the physical address registered for each number or user, so it must be a valid street address where the phone is used, not a PO box. Keep it current in Settings.",
  },
  {
    question: "Can I text from my business number?",
    answer:
      "Yes. Local numbers can send and receive SMS and MMS; replies arrive in Messages and are saved to the contact's history.",
  },
  {
    question: "My text messages are not being delivered.",
    answer:
      "Make sure the recipient has not opted out, that the number is in E.164 format (+1 followed by 10 digits) and that your wallet has funds. Undelivered messages show the carrier's error in the conversation.",
  },
  {
    question: "How long does number porting take?",
    answer:
      "Porting an existing number usually takes 7-10 business days. We will email you the confirmed date; keep your current service active until then.",
  },
  {
    question: "Do I need special equipment?",
    answer:
      "No. Calls work in the browser and the mobile app, and you can forward calls to any existing phone. Desk phones that support SIP can be added later.",
  },
  {
    question: "How do I get a toll-free number?",
    answer:
      "Use Request a Phone Number, choose Toll-Free Number and the quantity you need. Professional and Enterprise plans include toll-free numbers; availability is subject to change.",
  },
];

const oldContent = {
  key: "features_highlight_item3_desc",
  value:
    "Every caller and texter becomes a contact automatically, with call history, messages, lead status, tags and follow-up reminders in one place.",
};

const ADMIN_EDIT = "Our own words, written by an admin.";
const EDITED_QUESTION = "How do I get a toll-free number?";

const seededAnswer = (question: string) => faqSeed.find((f) => f.question === question)?.answer;

async function runMigration(handle: DatabaseHandle) {
  const text = readFileSync(join(migrationsFolder, "0063_site_claims.sql"), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) await handle.db.execute(sql.raw(statement));
}

describe("migration 0060: the site's reworded claims", () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const rows = oldFaqAnswers.map((f, index) => ({
      id: `faq_old_${index}`,
      category: "Setup Guide",
      question: f.question,
      answer: f.question === EDITED_QUESTION ? ADMIN_EDIT : f.answer,
    }));
    await handle.db.insert(faqItems).values(rows);
    await handle.db
      .insert(editableContent)
      .values({ id: "content_old", contentKey: oldContent.key, contentValue: oldContent.value });
    await runMigration(handle);
  });
  afterAll(() => handle.close());

  it.each(oldFaqAnswers.filter((f) => f.question !== EDITED_QUESTION))(
    "rewords the answer to “$question” as the seed now has it",
    async ({ question }) => {
      const [row] = await handle.db.select().from(faqItems).where(eq(faqItems.question, question));
      expect(seededAnswer(question)).toBeDefined();
      expect(row?.answer).toBe(seededAnswer(question));
    },
  );

  it("keeps an answer an admin has edited", async () => {
    const [row] = await handle.db.select().from(faqItems).where(eq(faqItems.question, EDITED_QUESTION));
    expect(row?.answer).toBe(ADMIN_EDIT);
  });

  it("rewords the home page's CRM highlight as the seed now has it", async () => {
    const [row] = await handle.db
      .select()
      .from(editableContent)
      .where(eq(editableContent.contentKey, oldContent.key));
    const seeded = homeContentDefaults.find((c) => c.key === oldContent.key)?.value;
    expect(row?.contentValue).toBe(seeded);
  });
});

describe("the seed's claims that the product bears out", () => {
  it.each([
    ["Can I keep my existing business number?", /Port a number on the Phone Numbers screen/],
    ["How long does number porting take?", /Phone Numbers screen shows each number's status/],
    ["Why do you need my physical address?", /Each number's physical address .*Phone Numbers screen/],
    ["Can I text from my business number?", /A2P 10DLC .* toll-free verification/],
    ["How do I get a toll-free number?", /Every paid plan includes toll-free numbers/],
    ["Do I need special equipment?", /rung from an extension by its SIP address/],
  ])("“%s” says %s", (question, claim) => {
    expect(seededAnswer(question)).toMatch(claim);
  });

  it("promises no follow-up reminders, API integrations or desk phones the product lacks", () => {
    const texts = [...faqSeed.map((f) => f.answer), ...homeContentDefaults.map((c) => c.value)].join("\n");
    expect(texts).not.toMatch(/follow-up reminders|can be added later|contact support; porting|or user/);
  });
});
