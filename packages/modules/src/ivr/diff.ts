import type { schema } from "@poundline/db";

type Snapshot = schema.IvrSnapshot;
type Menu = schema.IvrSnapshotMenu;
type Option = Menu["options"][number];
type Field = Exclude<keyof Menu, "id" | "options">;

/** The menu fields a diff compares, with the words a person reads for each. */
export const MENU_FIELD_LABELS: Record<Field, string> = {
  name: "Name",
  description: "Description",
  greetingType: "Greeting type",
  greetingTts: "Greeting text",
  greetingRecordingUrl: "Greeting recording",
  greetingVoice: "Voice",
  greetingLanguage: "Language",
  timeoutSeconds: "Timeout (seconds)",
  timeoutAction: "Timeout action",
  timeoutActionDestination: "Timeout destination",
  invalidInputAction: "Invalid input action",
  invalidInputActionDestination: "Invalid input destination",
  maxInvalidInputs: "Max invalid inputs",
};

const DESTINATION_FIELDS = new Set<Field>(["timeoutActionDestination", "invalidInputActionDestination"]);

export interface FieldChange {
  field: Field;
  label: string;
  from: string | number | null;
  to: string | number | null;
}

export interface OptionChange {
  keyPress: string;
  change: "added" | "removed" | "changed";
  from: Option | null;
  to: Option | null;
  /** One line a person reads: "Key 2 changed: ring extension 101 Front Desk → voicemail". */
  summary: string;
}

export interface MenuChange {
  menuId: string;
  name: string;
  change: "added" | "removed" | "changed";
  fields: FieldChange[];
  options: OptionChange[];
  summary: string[];
}

export interface IvrDiff {
  identical: boolean;
  menus: MenuChange[];
}

/**
 * Names of what destinations point at, by id, as a person reads them: a menu as `menu “Billing”`,
 * an extension as `101 Front Desk`.
 */
export type NameOf = (id: string) => string | undefined;

/** Quoted text, shortened past 60 characters. */
const quoted = (text: string) => `“${text.length > 60 ? `${text.slice(0, 57)}...` : text}”`;

/** What a menu-level action (timeout, invalid input) does, in the console's words. */
const MENU_ACTION_WORDS: Record<string, string> = {
  repeat: "repeat the menu",
  operator: "transfer to the operator",
  voicemail: "voicemail",
  ivr_menu: "go to another menu",
  hangup: "hang up",
};

const GREETING_TYPE_WORDS: Record<string, string> = { tts: "text to speech", recording: "recording" };

/** An id whose menu or extension is gone from both sides: never the raw id. */
const nameOrDeleted = (id: string, nameOf: NameOf) => nameOf(id) ?? "(deleted)";

function describeValue(field: Field, value: string | number | null, nameOf: NameOf): string {
  if (value === null || value === "") return "(none)";
  if (typeof value === "number") return String(value);
  if (DESTINATION_FIELDS.has(field)) return nameOrDeleted(value, nameOf);
  if (field === "timeoutAction" || field === "invalidInputAction") return MENU_ACTION_WORDS[value] ?? value;
  if (field === "greetingType") return GREETING_TYPE_WORDS[value] ?? value;
  return field === "greetingTts" || field === "description" || field === "name" ? quoted(value) : value;
}

/** What pressing the key does: "go to menu “Billing”", "ring extension 101 Front Desk". */
function describeOption(o: Option, nameOf: NameOf): string {
  switch (o.action) {
    case "ivr_menu":
      return `go to ${o.destination ? nameOrDeleted(o.destination, nameOf) : "(none)"}`;
    case "extension":
      return `ring extension ${o.destination ? nameOrDeleted(o.destination, nameOf) : "(none)"}`;
    case "voicemail":
      return o.destination ? `voicemail of extension ${nameOrDeleted(o.destination, nameOf)}` : "voicemail";
    case "play_message":
      return `play the message ${quoted(o.destination ?? "")}`;
    case "operator":
      return "transfer to the operator";
    case "hangup":
      return "hang up";
    case "repeat":
      return "repeat the menu";
    default:
      return o.action;
  }
}

function optionChanges(from: Option[], to: Option[], nameOf: NameOf): OptionChange[] {
  const before = new Map(from.map((o) => [o.keyPress, o]));
  const after = new Map(to.map((o) => [o.keyPress, o]));
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  const changes: OptionChange[] = [];
  for (const keyPress of keys) {
    const a = before.get(keyPress) ?? null;
    const b = after.get(keyPress) ?? null;
    if (a && !b)
      changes.push({
        keyPress,
        change: "removed",
        from: a,
        to: null,
        summary: `Key ${keyPress} removed (${describeOption(a, nameOf)})`,
      });
    else if (!a && b)
      changes.push({
        keyPress,
        change: "added",
        from: null,
        to: b,
        summary: `Key ${keyPress} added: ${describeOption(b, nameOf)}`,
      });
    else if (
      a &&
      b &&
      (a.action !== b.action ||
        a.destination !== b.destination ||
        (a.description ?? null) !== (b.description ?? null))
    ) {
      const what =
        a.action === b.action && a.destination === b.destination
          ? `description ${quoted(a.description ?? "")} → ${quoted(b.description ?? "")}`
          : `${describeOption(a, nameOf)} → ${describeOption(b, nameOf)}`;
      changes.push({
        keyPress,
        change: "changed",
        from: a,
        to: b,
        summary: `Key ${keyPress} changed: ${what}`,
      });
    }
  }
  return changes;
}

/**
 * What changed from one set of menus to another, per menu: added, removed, or which fields and
 * options changed, each with a line a person reads. Pure; menus in `to`'s order, removed ones last.
 */
export function diffSnapshots(from: Snapshot, to: Snapshot, nameOf: NameOf): IvrDiff {
  const before = new Map(from.menus.map((m) => [m.id, m]));
  const after = new Map(to.menus.map((m) => [m.id, m]));
  const menus: MenuChange[] = [];
  for (const menu of to.menus) {
    const old = before.get(menu.id);
    if (!old) {
      const options = optionChanges([], menu.options, nameOf);
      menus.push({
        menuId: menu.id,
        name: menu.name,
        change: "added",
        fields: [],
        options,
        summary: [`Menu ${quoted(menu.name)} added`, ...options.map((o) => o.summary)],
      });
      continue;
    }
    const fields: FieldChange[] = [];
    for (const field of Object.keys(MENU_FIELD_LABELS) as Field[]) {
      if ((old[field] ?? null) !== (menu[field] ?? null))
        fields.push({
          field,
          label: MENU_FIELD_LABELS[field],
          from: old[field] ?? null,
          to: menu[field] ?? null,
        });
    }
    const options = optionChanges(old.options, menu.options, nameOf);
    if (fields.length === 0 && options.length === 0) continue;
    menus.push({
      menuId: menu.id,
      name: menu.name,
      change: "changed",
      fields,
      options,
      summary: [
        ...fields.map(
          (f) =>
            `${f.label} changed from ${describeValue(f.field, f.from, nameOf)} to ${describeValue(f.field, f.to, nameOf)}`,
        ),
        ...options.map((o) => o.summary),
      ],
    });
  }
  for (const menu of from.menus) {
    if (after.has(menu.id)) continue;
    menus.push({
      menuId: menu.id,
      name: menu.name,
      change: "removed",
      fields: [],
      options: optionChanges(menu.options, [], nameOf),
      summary: [`Menu ${quoted(menu.name)} removed`],
    });
  }
  return { identical: menus.length === 0, menus };
}
