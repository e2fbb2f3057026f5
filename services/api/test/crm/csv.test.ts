import { describe, expect, it } from "vitest";
import { CSV_MESSAGES, columnOf, csvLine, inertCell, parseContactsCsv } from "../../src/crm/csv";
import { CONTACT_REQUIRED_MESSAGE } from "../../src/crm/schemas";

describe("columnOf", () => {
  it.each([
    ["name", "name"],
    ["Full Name", "name"],
    ["Phone Number", "phone"],
    ["LEAD_STATUS", "lead_status"],
    ["Lead Status", "lead_status"],
    ["leadStatus", "lead_status"],
    ["contact-type", "contact_type"],
    ["Follow Up Date", "follow_up_date"],
    ["favourite colour", null],
  ])("%s → %s", (header, column) => {
    expect(columnOf(header)).toBe(column);
  });
});

describe("parseContactsCsv", () => {
  it.each([
    { label: "no header", csv: "", error: CSV_MESSAGES.noColumns },
    { label: "no phone column", csv: "name,email\nAda,ada@example.com\n", error: CSV_MESSAGES.noColumns },
    { label: "a header only", csv: "name,phone\n", error: CSV_MESSAGES.empty },
  ])("refuses a file with $label", ({ csv, error }) => {
    expect(parseContactsCsv(csv).fileError).toBe(error);
  });

  it("reads a person's file: BOM, CRLF, quoted commas, columns in any order, unknown ones ignored", () => {
    const csv =
      '\uFEFFPhone,Name,Lead Status,Tags,Shoe size\r\n"(415) 555-0100","Lovelace, Ada",Qualified,"math; engines, math",42\r\n';
    const parsed = parseContactsCsv(csv);
    expect(parsed.fileError).toBeNull();
    expect(parsed.columns).toEqual(["phone", "name", "lead_status", "tags"]);
    expect(parsed.ignored).toEqual(["Shoe size"]);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]?.contact).toMatchObject({
      name: "Lovelace, Ada",
      phone: "+14155550100",
      leadStatus: "qualified",
      contactType: "lead",
      source: "manual",
      tags: ["math", "engines"],
    });
  });

  it.each([
    {
      label: "no phone",
      row: "Ada,,",
      errors: { phone: CONTACT_REQUIRED_MESSAGE },
    },
    { label: "no name", row: ",4155550100,", errors: { name: CONTACT_REQUIRED_MESSAGE } },
    {
      label: "a bad e-mail",
      row: "Ada,4155550100,not-an-email",
      errors: { email: expect.any(String) },
    },
    {
      label: "a phone with no digits",
      row: "Ada,call me,",
      errors: { phone: "Enter a valid phone number." },
    },
    {
      label: "a NUL byte",
      row: "Ada\u0000,4155550100,",
      errors: { name: "Must not contain control characters." },
    },
    { label: "too many cells", row: "Ada,4155550100,a@b.co,extra", errors: { row: CSV_MESSAGES.malformed } },
  ])("marks a row with $label", ({ row, errors }) => {
    const parsed = parseContactsCsv(`name,phone,email\nGrace,4155550199,\n${row}\n`);
    expect(parsed.rows[0]?.errors).toEqual({});
    expect(parsed.rows[1]?.line).toBe(3);
    expect(parsed.rows[1]?.contact).toBeNull();
    expect(parsed.rows[1]?.errors).toEqual(errors);
  });

  it("marks a later row with a phone number seen earlier in the file, however it is written", () => {
    const parsed = parseContactsCsv("name,phone\nAda,(415) 555-0100\nGrace,+1 415 555 0100\n");
    expect(parsed.rows[0]?.contact).not.toBeNull();
    expect(parsed.rows[1]?.errors).toEqual({ phone: CSV_MESSAGES.duplicateInFile(2) });
  });

  it("checks enumerations and dates like the contact form", () => {
    const parsed = parseContactsCsv(
      "name,phone,lead_status,contact_type,follow_up_date\nAda,4155550100,hot,friend,2026-02-30\n",
    );
    expect(Object.keys(parsed.rows[0]?.errors ?? {}).sort()).toEqual([
      "contact_type",
      "follow_up_date",
      "lead_status",
    ]);
  });
});

describe("csvLine and inertCell", () => {
  it.each([
    [
      ["plain", "with, comma", 'with "quote"', "two\nlines", null],
      'plain,"with, comma","with ""quote""","two\nlines",\r\n',
    ],
    [
      ["=HYPERLINK(1)", "@SUM", "+1 415 555 0100", "-12", "+cmd"],
      "'=HYPERLINK(1),'@SUM,+1 415 555 0100,-12,'+cmd\r\n",
    ],
  ])("%j", (cells, line) => {
    expect(csvLine(cells)).toBe(line);
  });

  it("leaves numbers readable and formulas inert", () => {
    expect(inertCell("+14155550100")).toBe("+14155550100");
    expect(inertCell("=1+1")).toBe("'=1+1");
  });
});
