import { readContactsFile } from "@poundline/modules/crm/csv";
import { IMPORT_MESSAGES } from "@poundline/modules/crm/import-person";
import {
  type ExistingContact,
  type ImportMode,
  isUnnamed,
  MERGE_MESSAGES,
  planImport,
} from "@poundline/modules/crm/import-plan";
import { describe, expect, it } from "vitest";

/** The rows of a CSV with our export's columns (and a custom one), as the import reads them. */
function rowsOf(...lines: string[]) {
  const parsed = readContactsFile({
    text: ["name,phone,email,company,notes,tags,Job Title", ...lines].join("\n"),
  });
  expect(parsed.fileError).toBeNull();
  return parsed.rows;
}

/** A contact of the account: by default one a call created (named by its number). */
function contact(fields: Partial<ExistingContact> = {}): ExistingContact {
  return {
    id: "ct_existing",
    name: "+14155550100",
    phone: "+14155550100",
    email: null,
    company: null,
    address: null,
    notes: null,
    followUpDate: null,
    tags: [],
    customFields: {},
    ...fields,
  };
}

const byPhone = (...contacts: ExistingContact[]) => new Map(contacts.map((c) => [c.phone, c]));

describe("planImport: what each row does", () => {
  it.each([
    {
      label: "a new phone number is created",
      existing: [],
      mode: "merge",
      lines: ["Ada,4155550100,ada@example.com,,,,"],
      rows: [{ outcome: "create", target: null, fills: [], addsTags: [] }],
    },
    {
      label: "a contact a call created is named and completed by the row",
      existing: [contact()],
      mode: "merge",
      lines: ['Ada,(415) 555-0100,ada@example.com,Acme,,"vip, dental",Owner'],
      rows: [
        {
          outcome: "merge",
          target: { name: "+14155550100", phone: "+14155550100", row: null },
          fills: ["name", "email", "company"],
          fillsCustom: ["Job Title"],
          addsTags: ["vip", "dental"],
        },
      ],
    },
    {
      label: "a filled field is never overwritten, an empty one is filled",
      existing: [contact({ name: "Ada L.", email: "old@example.com", notes: "" })],
      mode: "merge",
      lines: ["Ada,4155550100,new@example.com,Acme,A note,,"],
      rows: [{ outcome: "merge", fills: ["company", "notes"], addsTags: [] }],
    },
    {
      label: "tags are a union, compared without case",
      existing: [contact({ name: "Ada", tags: ["VIP", "Dental"] })],
      mode: "merge",
      lines: ['Ada,4155550100,,,,"vip, new, DENTAL",'],
      rows: [{ outcome: "merge", fills: [], addsTags: ["new"] }],
    },
    {
      label: "a custom field the contact has keeps its value",
      existing: [contact({ name: "Ada", customFields: { "Job Title": "CEO" } })],
      mode: "merge",
      lines: ["Ada,4155550100,,,,,Owner"],
      rows: [{ outcome: "skip", reason: "unchanged", fillsCustom: [] }],
    },
    {
      label: "a row that adds nothing is skipped, naming the contact",
      existing: [contact({ name: "Ada", email: "ada@example.com", tags: ["vip"] })],
      mode: "merge",
      lines: ["Someone Else,+1 415 555 0100,other@example.com,,,vip,"],
      rows: [
        {
          outcome: "skip",
          reason: "unchanged",
          target: { name: "Ada", phone: "+14155550100", row: null },
          fills: [],
        },
      ],
    },
    {
      label: "a row named by its number does not name a contact",
      existing: [contact()],
      mode: "merge",
      lines: ["(415) 555-0100,4155550100,,,,,"],
      rows: [{ outcome: "skip", reason: "unchanged", fills: [] }],
    },
    {
      label: "skip chosen: a phone number already a contact's is skipped, whatever the row holds",
      existing: [contact()],
      mode: "skip",
      lines: ["Ada,4155550100,ada@example.com,Acme,,vip,"],
      rows: [
        { outcome: "skip", reason: "duplicate", target: { name: "+14155550100", row: null }, fills: [] },
      ],
    },
    {
      label: "a row without a phone is refused, with the field's message",
      existing: [],
      mode: "merge",
      lines: ["Ada,,ada@example.com,,,,"],
      rows: [{ outcome: "error", problems: [{ field: "phone", message: IMPORT_MESSAGES.noPhone }] }],
    },
    {
      label: "a phone seen on an earlier row, however written, merges into that row's contact",
      existing: [],
      mode: "merge",
      lines: ["Ada,4155550100,,,,vip,", "Ada Again,+1 (415) 555-0100,ada@example.com,,,VIP;new,"],
      rows: [
        { outcome: "create" },
        {
          outcome: "merge",
          target: { name: "Ada", phone: "+14155550100", row: 2 },
          fills: ["email"],
          addsTags: ["new"],
        },
      ],
    },
    {
      label: "a third row of the same phone adds only what the first two lacked",
      existing: [contact()],
      mode: "merge",
      lines: [
        "Ada,4155550100,,,,,",
        "Ada B,4155550100,ada@example.com,,,,",
        "Ada C,4155550100,x@example.com,,,,",
      ],
      rows: [
        { outcome: "merge", fills: ["name"] },
        { outcome: "merge", fills: ["email"], target: { name: "+14155550100", row: null } },
        { outcome: "skip", reason: "unchanged" },
      ],
    },
    {
      label: "skip chosen: a phone seen on an earlier row is skipped, naming that row",
      existing: [],
      mode: "skip",
      lines: ["Ada,4155550100,,,,,", "Ada Again,4155550100,ada@example.com,,,,"],
      rows: [
        { outcome: "create" },
        { outcome: "skip", reason: "duplicate", target: { name: "Ada", row: 2 }, fills: [] },
      ],
    },
  ] as const)("$label", ({ existing, mode, lines, rows }) => {
    const plan = planImport(rowsOf(...lines), byPhone(...existing), mode as ImportMode);
    expect(plan.rows).toHaveLength(rows.length);
    rows.forEach((expected, i) => {
      expect(plan.rows[i]).toMatchObject(expected);
    });
  });
});

describe("planImport: what it writes", () => {
  it("creates one contact per new phone, with what later rows of the file merged into it", () => {
    const plan = planImport(
      rowsOf("Ada,4155550100,,,First,vip,", "Ada Again,4155550100,ada@example.com,Acme,Second,new,Owner"),
      new Map(),
      "merge",
    );
    expect(plan.merges).toEqual([]);
    expect(plan.creates).toHaveLength(1);
    expect(plan.creates[0]).toMatchObject({
      row: 2,
      contact: {
        name: "Ada",
        phone: "+14155550100",
        email: "ada@example.com",
        company: "Acme",
        notes: "First",
        tags: ["vip", "new"],
        customFields: { "Job Title": "Owner" },
        source: "manual",
      },
    });
  });

  it("patches only the fields a merge filled: never source, last-contacted, status or type", () => {
    const existing = contact({ company: "Acme", tags: ["vip"] });
    const plan = planImport(
      rowsOf('Ada,4155550100,ada@example.com,Other Co,,"vip, new",'),
      byPhone(existing),
      "merge",
    );
    expect(plan.creates).toEqual([]);
    expect(plan.merges).toEqual([
      { contactId: "ct_existing", patch: { name: "Ada", email: "ada@example.com", tags: ["vip", "new"] } },
    ]);
    // The contact read is left as it was: the plan works on a copy.
    expect(existing).toMatchObject({ name: "+14155550100", email: null, tags: ["vip"] });
  });

  it.each([
    { mode: "skip", lines: ["Ada,4155550100,ada@example.com,,,,"] },
    { mode: "merge", lines: ["+14155550100,4155550100,,,,,"] },
  ] as const)("writes nothing to a contact in $mode mode when nothing is new", ({ mode, lines }) => {
    const plan = planImport(rowsOf(...lines), byPhone(contact()), mode);
    expect(plan).toMatchObject({ creates: [], merges: [] });
  });

  it("adds tags and custom fields up to the contact's limits, saying what was left out", () => {
    const tags = Array.from({ length: 49 }, (_, i) => `t${i}`);
    const customFields = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, "x"]));
    const plan = planImport(
      rowsOf('Ada,4155550100,,,,"a, b",Owner'),
      byPhone(contact({ name: "Ada", tags, customFields })),
      "merge",
    );
    expect(plan.rows[0]).toMatchObject({
      outcome: "merge",
      addsTags: ["a"],
      fillsCustom: [],
      problems: [
        { field: "tags", message: MERGE_MESSAGES.tags },
        { field: "customFields", message: MERGE_MESSAGES.customFields },
      ],
    });
    expect(plan.merges[0]?.patch.tags).toHaveLength(50);
  });
});

describe("isUnnamed", () => {
  it.each([
    { name: "+14155550100", unnamed: true },
    { name: "(415) 555-0100", unnamed: true },
    { name: "  ", unnamed: true },
    { name: "Ada", unnamed: false },
    { name: "+14155550199", unnamed: false },
  ])("$name: $unnamed", ({ name, unnamed }) => {
    expect(isUnnamed(name, "+14155550100")).toBe(unnamed);
  });
});
