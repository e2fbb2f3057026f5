import { readFileSync } from "node:fs";
import type { ColumnMapping } from "@poundline/contracts/crm/import-columns";
import { CONTACT_REQUIRED_MESSAGE } from "@poundline/contracts/crm/schemas";
import { CSV_MESSAGES, type ParsedImport, readContactsFile } from "@poundline/modules/crm/csv";
import { IMPORT_MESSAGES } from "@poundline/modules/crm/import-person";
import { describe, expect, it } from "vitest";

/** Real exports, written from each tool's published headers (see fixtures/README.md). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const readFixture = (name: string) => readContactsFile({ bytes: fixture(name) });
const readText = (text: string, mapping?: ColumnMapping) => readContactsFile({ text }, mapping);

const contactsOf = (parsed: ParsedImport) => parsed.rows.flatMap((row) => (row.contact ? [row.contact] : []));
const skippedOf = (parsed: ParsedImport) =>
  parsed.rows.filter((row) => !row.contact).map((row) => [row.row, row.problems]);

describe("the exports of the tools people use", () => {
  it.each([
    {
      file: "google-contacts.csv",
      format: "google",
      encoding: "utf-8",
      contacts: [
        {
          name: "Dr. Jane Q. Doe",
          phone: "+14155550142",
          email: "jane.doe@acme.example",
          company: "Acme Corp",
          address: "1 Market St\nSan Francisco, CA 94105\nUS",
          notes: "Met at the expo.\nPrefers texts.",
          tags: ["VIP", "Customers"],
          customFields: {
            // The second of two ":::"-joined mobiles, the work phone, the home e-mail.
            "Phone (Mobile)": "+14155550143",
            "Phone (Work)": "+14155550100",
            "Email (Home)": "jane@home.example",
            Nickname: "Janie",
            "Job Title": "Head of Sales",
            Department: "Sales",
            Birthday: "1985-04-12",
            Website: "https://acme.example/jane",
          },
        },
        { name: "Bayside Plumbing", phone: "+15105550177", company: "Bayside Plumbing" },
        {
          name: "Zoë Brontë",
          phone: "+447700900123",
          tags: ["Friends"],
          customFields: { "Phone (Home)": "+442079460958", "Phone (Work Fax)": "+442079460999" },
        },
      ],
      skipped: [[4, [{ field: "phone", message: IMPORT_MESSAGES.noPhone }]]],
    },
    {
      file: "google-contacts-legacy-utf16.csv",
      format: "google_legacy",
      encoding: "utf-16le",
      contacts: [
        {
          name: "Grace Hopper",
          // "* Mobile" marks the primary number, though it is the second.
          phone: "+12025550111",
          email: "grace@navy.example",
          company: "US Navy",
          tags: ["Navy"],
          customFields: { "Phone (Home)": "+12025550110", "Job Title": "Rear Admiral" },
        },
        { name: "Søren Kierkegaard", phone: "+4532123456", address: "Nytorv 2, København, 1450, Denmark" },
      ],
      skipped: [],
    },
    {
      file: "outlook-windows-1252.csv",
      format: "outlook",
      encoding: "windows-1252",
      contacts: [
        {
          name: "Mme Hélène Dupré",
          // The business phone, not the assistant's or the fax listed before it.
          phone: "+33142685300",
          email: "helene.dupre@sge.example",
          company: "Société Générale des Eaux",
          address: "12 rue de la Paix, Paris, 75002, France",
          notes: "Café au lait, pas de sucre.",
          tags: ["Clients", "Paris"],
          customFields: {
            "Phone (Assistant's)": "+33142685301",
            "Phone (Business Fax)": "+33142685399",
            "Phone (Mobile)": "+33612345678",
            "Job Title": "Directrice",
          },
        },
        {
          name: "José Muñoz",
          phone: "+13055550147",
          address: "200 Ocean Dr, Miami, FL 33139, United States of America",
        },
      ],
      skipped: [],
    },
    {
      file: "hubspot-contacts.csv",
      format: "hubspot",
      encoding: "utf-8",
      contacts: [
        {
          name: "Brian Halligan",
          phone: "+16175550199",
          leadStatus: "proposal",
          contactType: "client",
          address: "25 First Street, Cambridge, MA 02141, United States",
          customFields: { "Phone (Mobile)": "+16175550100", "Job Title": "Co-founder" },
        },
        { name: "Maria Garcia", leadStatus: "contacted", contactType: "lead", company: "Garcia Consulting" },
      ],
      skipped: [[4, [{ field: "name", message: IMPORT_MESSAGES.noName }]]],
    },
    {
      file: "icloud-contacts.vcf",
      format: "vcard",
      encoding: "utf-8",
      contacts: [
        {
          name: "Johnny Appleseed",
          phone: "+14085550100",
          email: "johnny@apple.example",
          company: "Apple Inc.",
          address: "1 Infinite Loop, Cupertino, CA 95014, United States",
          notes: "Met at WWDC, 2019.\nLikes coffee; tea too.",
          tags: ["Friends", "Work"],
          customFields: {
            "Phone (Work)": "+14085550101",
            // Apple's X-ABLabel of the same item group.
            "Phone (Assistant)": "+14085550102",
            "Job Title": "Engineer",
            Birthday: "1976-04-01",
          },
        },
        { name: "Åsa Lindqvist", phone: "+46812345678" },
      ],
      skipped: [[3, [{ field: "phone", message: IMPORT_MESSAGES.noPhone }]]],
    },
    {
      file: "android-contacts-21.vcf",
      format: "vcard",
      encoding: "utf-8",
      contacts: [
        {
          name: "Jürgen Müller",
          // PREF on the mobile, listed second.
          phone: "+4915123456789",
          email: "juergen@example.de",
          company: "Bäckerei Müller",
          address: "Hauptstr. 1, Berlin, 10115, Deutschland",
          // Quoted-printable, its CRLF and its soft line break.
          notes: "Liefert montags.\nBitte klingeln.",
          customFields: { "Phone (Work)": "+49301234567" },
        },
        { name: "Anna Nowak", phone: "+48221234567" },
      ],
      skipped: [],
    },
    {
      file: "rfc6350-contact.vcf",
      format: "vcard",
      encoding: "utf-8",
      contacts: [
        {
          name: "Simon Perreault",
          // The preferred work line has an extension a call cannot dial: the mobile is taken.
          phone: "+14182626501",
          email: "simon.perreault@viagenie.example",
          company: "Viagenie",
          address: "2875 Laurier, Suite D2-630, Quebec, QC G1V 2M2, Canada",
          customFields: { "Phone (Work)": "+1-418-656-9254;ext=102", Website: "http://nomis80.example" },
        },
      ],
      skipped: [],
    },
  ])("$file", ({ file, format, encoding, contacts, skipped }) => {
    const parsed = readFixture(file);
    expect(parsed.fileError).toBeNull();
    expect(parsed.format).toBe(format);
    expect(parsed.encoding).toBe(encoding);
    const made = contactsOf(parsed);
    expect(made).toHaveLength(contacts.length);
    contacts.forEach((contact, i) => {
      expect(made[i]).toMatchObject(contact);
    });
    expect(skippedOf(parsed)).toEqual(skipped);
  });

  it("shows the detected field of each column with a sample value", () => {
    const { columns } = readFixture("google-contacts.csv");
    expect(columns.find((c) => c.header === "Phone 1 - Value")).toEqual({
      header: "Phone 1 - Value",
      field: "phone",
      sample: "+1 415-555-0142 ::: +1 415-555-0143",
    });
    expect(columns.find((c) => c.header === "Photo")?.field).toBeNull();
  });
});

describe("a mapping the person chose", () => {
  const csv = "Who,Cell,Work,Shoe size\nAda,4155550100,4155550101,38\n";

  it("reads the file through it: a column left out, another kept as a custom field", () => {
    const detected = readText(csv);
    expect(detected.columns.map((c) => c.field)).toEqual([null, "phone", null, null]);
    expect(detected.fileError).toBe(CSV_MESSAGES.noColumns);

    const parsed = readText(csv, ["name", "phone", null, "custom"]);
    expect(parsed.fileError).toBeNull();
    expect(parsed.columns.map((c) => c.field)).toEqual(["name", "phone", null, "custom"]);
    expect(contactsOf(parsed)).toEqual([
      expect.objectContaining({ name: "Ada", phone: "+14155550100", customFields: { "Shoe size": "38" } }),
    ]);
  });

  it("refuses one that does not fit the file's columns", () => {
    expect(readText(csv, ["name", "phone"]).fileError).toBe(CSV_MESSAGES.mappingMismatch);
  });
});

describe("rows skipped, and values left out", () => {
  it.each([
    { label: "no phone", row: "Ada,,", problems: [{ field: "phone", message: IMPORT_MESSAGES.noPhone }] },
    { label: "no name", row: ",4155550100,", problems: [{ field: "name", message: IMPORT_MESSAGES.noName }] },
    {
      label: "a phone with no digits",
      row: "Ada,call me,",
      problems: [{ field: "phone", message: "Enter a valid phone number." }],
    },
    {
      label: "a NUL byte in the name",
      row: "Ada\u0000,4155550100,",
      problems: [{ field: "name", message: "Must not contain control characters." }],
    },
    {
      label: "too many cells",
      row: "Ada,4155550100,a@b.co,extra",
      problems: [{ field: "row", message: CSV_MESSAGES.malformed }],
    },
  ])("skips a row with $label, saying why", ({ row, problems }) => {
    const parsed = readText(`name,phone,email\nGrace,4155550199,\n${row}\n`);
    expect(parsed.rows[0]?.contact).not.toBeNull();
    expect(parsed.rows[1]).toMatchObject({ row: 3, contact: null, problems });
  });

  it("imports a row without the values the contact form refuses, listing each", () => {
    const parsed = readText(
      "name,phone,email,lead_status,contact_type,follow_up_date\nAda,4155550100,not-an-email,hot,friend,2026-02-30\n",
    );
    const [row] = parsed.rows;
    expect(row?.contact).toMatchObject({ name: "Ada", phone: "+14155550100", leadStatus: "new" });
    expect(row?.contact?.email).toBeUndefined();
    expect(row?.problems.map((p) => p.field).sort()).toEqual([
      "contactType",
      "email",
      "followUpDate",
      "leadStatus",
    ]);
  });

  it("keeps the Add Contact form's message for a missing name and phone in our own format", () => {
    const parsed = readText("name,phone\nAda,12\n");
    expect(parsed.rows[0]?.problems).toEqual([{ field: "phone", message: expect.any(String) }]);
    expect(readText("name,phone\n , \n").rows).toEqual([]);
    expect(CONTACT_REQUIRED_MESSAGE).toBe("Name and Phone are required.");
  });
});

describe("files that cannot be imported", () => {
  it.each([
    { label: "no header", text: "", error: CSV_MESSAGES.noColumns },
    { label: "no phone column", text: "name,email\nAda,ada@example.com\n", error: CSV_MESSAGES.noColumns },
    { label: "a header only", text: "name,phone\n", error: CSV_MESSAGES.empty },
    {
      label: "a broken vCard",
      text: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\n",
      error: expect.stringMatching(/^This vCard file could not be read: /),
    },
  ])("$label", ({ text, error }) => {
    expect(readText(text).fileError).toEqual(error);
  });
});
