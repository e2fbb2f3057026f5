import * as adminSchemas from "@poundline/contracts/admin/schemas";
import * as analyticsSchemas from "@poundline/contracts/analytics/schemas";
import * as authSchemas from "@poundline/contracts/auth/schemas";
import * as callRoutingSchemas from "@poundline/contracts/call-routing/schemas";
import * as callSchemas from "@poundline/contracts/calls/schemas";
import {
  CONTROL_CHARACTERS_MESSAGE,
  dateInput,
  followsTextRule,
  line,
  MALFORMED_TEXT_MESSAGE,
  multilineText,
  storableHeader,
  text,
  timestampSchema,
} from "@poundline/contracts/common";
import * as consoleSchemas from "@poundline/contracts/console/schemas";
import * as crmCsvSchemas from "@poundline/contracts/crm/csv-schemas";
import * as crmSchemas from "@poundline/contracts/crm/schemas";
import * as extensionSchemas from "@poundline/contracts/extensions/schemas";
import * as geoRoutingSchemas from "@poundline/contracts/geo-routing/schemas";
import * as conversationSchemas from "@poundline/contracts/messages/conversation-schemas";
import * as messageSchemas from "@poundline/contracts/messages/schemas";
import * as numberSchemas from "@poundline/contracts/numbers/schemas";
import * as siteSchemas from "@poundline/contracts/site/schemas";
import * as supportSchemas from "@poundline/contracts/support/schemas";
import * as voicemailSchemas from "@poundline/contracts/voicemails/schemas";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as adminJobs from "../../src/routes/admin/jobs/shared";

const messagesOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("text()", () => {
  it.each([
    { label: "a NUL byte", value: "a\u0000b" },
    { label: "a bell", value: "a\u0007b" },
    { label: "an escape", value: "\u001b[0m" },
    { label: "DEL", value: "a\u007f" },
    { label: "a C1 control (NEL)", value: "a\u0085b" },
    { label: "a line feed inside one line", value: "a\nb" },
    { label: "a tab inside one line", value: "a\tb" },
    { label: "a carriage return inside one line", value: "a\rb" },
  ])("refuses $label in a line", ({ value }) => {
    expect(messagesOf(line().safeParse(value))).toEqual([CONTROL_CHARACTERS_MESSAGE]);
  });

  it.each([
    { label: "a NUL byte", value: "a\u0000b" },
    { label: "a vertical tab", value: "a\u000bb" },
    { label: "a form feed", value: "a\u000cb" },
    { label: "a backspace", value: "a\u0008b" },
  ])("refuses $label in multi-line text", ({ value }) => {
    expect(messagesOf(multilineText().safeParse(value))).toEqual([CONTROL_CHARACTERS_MESSAGE]);
  });

  it.each([
    { schema: line(), value: "  Grace Hopper  ", output: "Grace Hopper" },
    { schema: line(), value: "Grace\n", output: "Grace" },
    { schema: line(), value: "Zoë 👩‍💻 ✓ 日本", output: "Zoë 👩‍💻 ✓ 日本" },
    { schema: multilineText(), value: " one\r\ntwo\tthree\n", output: "one\r\ntwo\tthree" },
    { schema: text({ trim: false }), value: "  as typed  ", output: "  as typed  " },
    { schema: text({ multiline: true, trim: false }), value: "\thi\n", output: "\thi\n" },
  ])("keeps $value as $output", ({ schema, value, output }) => {
    expect(schema.parse(value)).toBe(output);
  });

  it.each(["\ud800", "a\udfffb"])("refuses a lone surrogate (%j)", (value) => {
    expect(messagesOf(line().safeParse(value))).toEqual([MALFORMED_TEXT_MESSAGE]);
  });

  it("gives the field's message for a value that is not text", () => {
    expect(messagesOf(line("Name is required.").safeParse(42))).toEqual(["Name is required."]);
  });
});

describe("dateInput()", () => {
  const date = dateInput({ error: "Enter a date.", dateOnly: true });
  const dateTime = dateInput({ error: "Enter a date-time." });

  it.each([
    ["0000-01-01", "Must be a date between the years 1900 and 2100."],
    ["0000-01-01T00:00:00Z", "Must be a date between the years 1900 and 2100."],
    ["1899-12-31", "Must be a date between the years 1900 and 2100."],
    ["2101-01-01", "Must be a date between the years 1900 and 2100."],
    ["9999-12-31T23:59:59-23:59", "Must be a date between the years 1900 and 2100."],
    ["2023-02-30", "Enter a date."],
    ["2023-02-29", "Enter a date."],
    ["2023-13-01", "Enter a date."],
    ["2023-01-01T24:00:00Z", "Enter a date."],
    ["2023-01-01T23:59:60Z", "Enter a date."],
    ["2023-01-01T00:00:00", "Enter a date."],
    ["+275760-09-13T00:00:00Z", "Enter a date."],
    ["", "Enter a date."],
    ["not a date", "Enter a date."],
  ])("refuses %j", (value, message) => {
    expect(messagesOf(date.safeParse(value))).toEqual([message]);
  });

  it.each([
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["1900-01-01", "1900-01-01T00:00:00.000Z"],
    ["2100-12-31T23:59:59.999Z", "2100-12-31T23:59:59.999Z"],
    ["2026-03-02T09:30:00-05:00", "2026-03-02T14:30:00.000Z"],
  ])("takes %j", (value, iso) => {
    expect(date.parse(value).toISOString()).toBe(iso);
  });

  it("takes a calendar date only when asked", () => {
    expect(messagesOf(dateTime.safeParse("2024-02-29"))).toEqual(["Enter a date-time."]);
  });
});

describe("timestampSchema", () => {
  it.each(["0000-01-01T00:00:00Z", "0001-01-01T00:30:00+01:00", "2023-02-30T00:00:00Z"])(
    "refuses %j on the way in",
    (value) => {
      expect(timestampSchema.safeParse(value).success).toBe(false);
    },
  );

  it("takes and gives back any instant of years 0001 to 9999", () => {
    for (const iso of ["0001-01-01T00:00:00.000Z", "2026-03-02T12:00:00.000Z", "9999-12-31T23:59:59.999Z"]) {
      const decoded = timestampSchema.parse(iso);
      expect(decoded.toISOString()).toBe(iso);
    }
  });
});

describe("storableHeader()", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["\u0000\u0001", null],
    ["Mozilla/5.0\u0000 (X11)", "Mozilla/5.0 (X11)"],
    ["x".repeat(600), "x".repeat(500)],
  ])("%j is stored as %j", (value, stored) => {
    expect(storableHeader(value, 500)).toBe(stored);
  });
});

/** Every string a schema takes in, with where it is. */
function stringsIn(schema: z.ZodType, at: string): { at: string; schema: z.ZodString }[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string, where = at) => stringsIn(def[key] as z.ZodType, where);
  switch (def.type) {
    case "string":
      return [{ at, schema: schema as z.ZodString }];
    case "object":
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
        stringsIn(value, `${at}.${key}`),
      );
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return inner("innerType");
    case "pipe":
      return [...inner("in"), ...inner("out")];
    case "union":
      return (def.options as z.ZodType[]).flatMap((option, i) => stringsIn(option, `${at}|${i}`));
    case "array":
      return inner("element", `${at}[]`);
    case "record":
      return [...inner("keyType", `${at}{key}`), ...inner("valueType", `${at}{value}`)];
    case "intersection":
      return [...inner("left"), ...inner("right")];
    default:
      return [];
  }
}

/** Formats (email, ISO dates) and anchored patterns leave no room for a control character. */
function constrained(schema: z.ZodString): boolean {
  if ((schema._zod.def as { format?: string }).format) return true;
  return (schema._zod.def.checks ?? []).some((check) => {
    const pattern = (check._zod.def as { pattern?: RegExp }).pattern;
    if (!pattern) return false;
    return pattern.source.startsWith("^") && pattern.source.endsWith("$") && !pattern.multiline;
  });
}

const modules = {
  adminJobs,
  adminSchemas,
  analyticsSchemas,
  authSchemas,
  callRoutingSchemas,
  callSchemas,
  consoleSchemas,
  conversationSchemas,
  crmCsvSchemas,
  crmSchemas,
  geoRoutingSchemas,
  extensionSchemas,
  messageSchemas,
  numberSchemas,
  siteSchemas,
  supportSchemas,
  voicemailSchemas,
};
const inputSchemas = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter(([name]) => /(Body|Query|Params)Schema$/.test(name))
    .map(([name, schema]) => ({ name: `${module}.${name}`, schema: schema as z.ZodType })),
);

describe("every string a route takes follows the text rule", () => {
  it("finds the routes' input schemas and their strings", () => {
    expect(inputSchemas.length).toBeGreaterThanOrEqual(20);
    const strings = inputSchemas.flatMap(({ name, schema }) => stringsIn(schema, name));
    expect(strings.length).toBeGreaterThanOrEqual(50);
  });

  it.each(inputSchemas)("$name", ({ name, schema }) => {
    const strings = stringsIn(schema, name);
    const forgotten = strings
      .filter((s) => !constrained(s.schema) && !followsTextRule(s.schema))
      .map((s) => s.at);
    expect(forgotten).toEqual([]);
  });
});
