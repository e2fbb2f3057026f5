import { describe, expect, it } from "vitest";
import type { ImportPreview } from "../../src/api/contacts";
import {
  countLabels,
  importButtonLabel,
  importSummary,
  mergeDetails,
  rowOutcome,
} from "../../src/modules/contacts/import-labels";

type Row = ImportPreview["rows"][number];
const row = (fields: Partial<Row>): Row => ({
  row: 3,
  name: "Ada",
  phone: "4155550100",
  email: "",
  outcome: "create",
  target: null,
  reason: null,
  fills: [],
  fillsCustom: [],
  addsTags: [],
  problems: [],
  ...fields,
});
const caller = { name: "+14155550100", phone: "+14155550100", row: null };
const firstRow = { name: "Ada", phone: "+14155550100", row: 2 };

describe("rowOutcome: what a row will do, then did", () => {
  it.each([
    { row: row({}), preview: "Create", report: "Created" },
    {
      row: row({ outcome: "merge", target: caller }),
      preview: 'Merge into "+14155550100"',
      report: 'Merged into "+14155550100"',
    },
    {
      row: row({ outcome: "merge", target: firstRow }),
      preview: 'Merge into "Ada" (row 2)',
      report: 'Merged into "Ada" (row 2)',
    },
    {
      row: row({ outcome: "skip", reason: "duplicate", target: caller }),
      preview: 'Skip: already in your contacts as "+14155550100"',
      report: 'Skipped: already in your contacts as "+14155550100"',
    },
    {
      row: row({ outcome: "skip", reason: "duplicate", target: firstRow }),
      preview: 'Skip: same phone number as row 2 ("Ada")',
      report: 'Skipped: same phone number as row 2 ("Ada")',
    },
    {
      row: row({ outcome: "skip", reason: "unchanged", target: caller }),
      preview: 'Skip: "+14155550100" already has everything in this row',
      report: 'Skipped: "+14155550100" already has everything in this row',
    },
    { row: row({ outcome: "error" }), preview: "Error", report: "Refused" },
  ])("$preview", ({ row, preview, report }) => {
    expect(rowOutcome(row, false)).toBe(preview);
    expect(rowOutcome(row, true)).toBe(report);
  });
});

describe("mergeDetails", () => {
  it.each([
    { row: row({}), details: [] },
    {
      row: row({
        outcome: "merge",
        fills: ["name", "email", "followUpDate"],
        fillsCustom: ["Job Title"],
        addsTags: ["vip", "new"],
      }),
      details: ["Fills Name, Email, Follow-up date", "Adds custom fields Job Title", "Adds tags vip, new"],
    },
    { row: row({ outcome: "merge", addsTags: ["vip"] }), details: ["Adds tags vip"] },
  ])("$details", ({ row, details }) => {
    expect(mergeDetails(row)).toEqual(details);
  });
});

describe("the counts the button, the badges and the toast say", () => {
  it.each([
    { counts: { created: 2, merged: 1, skipped: 1, refused: 1 }, button: "Create 2 and Merge 1" },
    { counts: { created: 1, merged: 0, skipped: 3, refused: 0 }, button: "Create 1 Contact" },
    { counts: { created: 0, merged: 2, skipped: 0, refused: 0 }, button: "Merge 2 Contacts" },
    { counts: { created: 0, merged: 0, skipped: 2, refused: 1 }, button: "Import" },
  ])("$button", ({ counts, button }) => {
    expect(importButtonLabel(counts)).toBe(button);
  });

  it("says every count, as what will be done and then as what was done", () => {
    const counts = { created: 1, merged: 2, skipped: 3, refused: 4 };
    expect(countLabels(counts, false).map((c) => c.label)).toEqual([
      "1 to create",
      "2 to merge",
      "3 to skip",
      "4 refused",
    ]);
    expect(countLabels(counts, true).map((c) => c.label)).toEqual([
      "1 created",
      "2 merged",
      "3 skipped",
      "4 refused",
    ]);
    expect(importSummary(counts)).toBe("1 contact created, 2 merged, 3 skipped, 4 refused.");
  });
});
