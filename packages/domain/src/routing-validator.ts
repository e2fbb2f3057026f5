import { type IvrMenu, validateIvr } from "./ivr";
import type { RouteTarget } from "./routing-table";

/** One account's routing configuration, as the validator reads it. */
export interface RoutingConfigView {
  menus: readonly IvrMenu[];
  extensions: readonly {
    id: string;
    extensionNumber: number;
    name: string;
    /** Numbers the extension rings (empty when it forwards nowhere). */
    forwardingNumbers: readonly string[];
    voicemailEnabled: boolean;
  }[];
  /** The account's members a ring group may name (their forwarding phone, if they set one). */
  members?: readonly { id: string; forwardingNumbers: readonly string[] }[];
  numbers: readonly {
    id: string;
    e164: string;
    openTarget: RouteTarget;
    afterHoursTarget: RouteTarget;
    holidays: readonly { date: string; target: RouteTarget }[];
    voicemailEnabled: boolean;
  }[];
  /** Menus entered from elsewhere than the account's numbers (the geo rules of shared numbers). */
  entryMenuIds?: readonly string[];
}

export type RoutingIssueCode =
  /** A number's destination names a menu or extension that does not exist. */
  | "dangling_destination"
  /** A menu's option or action points at a menu or extension that does not exist. */
  | "dangling_rule"
  /** A number whose calls would reach nobody and no voicemail. */
  | "unroutable_number"
  /** A menu no number, rule or other menu leads to. */
  | "unreachable_menu";

export interface RoutingIssue {
  /** Errors refuse a save that introduces them; warnings are shown. */
  severity: "error" | "warning";
  code: RoutingIssueCode;
  /** What the issue is about: "number:<id>", "menu:<id>". */
  subject: string;
  message: string;
}

/**
 * Checks one account's routing before it is stored: dangling destinations, rules that point at
 * nothing, menus nothing reaches, and numbers whose calls would reach nobody. Pure.
 */
export function validateRouting(config: RoutingConfigView): RoutingIssue[] {
  const issues: RoutingIssue[] = [];
  const menus = new Map(config.menus.map((m) => [m.id, m]));
  const extensions = new Map(config.extensions.map((e) => [e.id, e]));
  const people = new Map((config.members ?? []).map((m) => [m.id, m]));
  const entry = new Set(config.entryMenuIds ?? []);

  for (const number of config.numbers) {
    const subject = `number:${number.id}`;
    // [what the destination is called, when it answers, the destination]
    const slots: [string, string, RouteTarget][] = [
      ["business hours", "in business hours", number.openTarget],
      ["after hours", "after hours", number.afterHoursTarget],
      ...number.holidays.map((h): [string, string, RouteTarget] => [
        `holiday ${h.date}`,
        `on ${h.date}`,
        h.target,
      ]),
    ];
    for (const [slot, when, target] of slots) {
      if (target.kind === "ivr_menu") entry.add(target.menuId);
      const dangling = danglingIn(target, menus, extensions, people);
      if (dangling) {
        issues.push({
          severity: "error",
          code: "dangling_destination",
          subject,
          message: `${number.e164}: the ${slot} destination ${dangling}.`,
        });
        continue;
      }
      if (!number.voicemailEnabled && !reachesSomeone(target, extensions, people)) {
        issues.push({
          severity: "error",
          code: "unroutable_number",
          subject,
          message: `${number.e164} cannot be reached ${when}: nobody is rung and voicemail is off.`,
        });
      }
    }
  }

  for (const problem of validateIvr(menus, [...entry], new Set(extensions.keys()))) {
    const name = menus.get(problem.menuId)?.name ?? problem.menuId;
    issues.push(
      problem.kind === "unreachable"
        ? {
            severity: "warning",
            code: "unreachable_menu",
            subject: `menu:${problem.menuId}`,
            message: problem.message,
          }
        : {
            severity: "error",
            code: "dangling_rule",
            subject: `menu:${problem.menuId}`,
            message: `Menu "${name}": ${problem.message}.`,
          },
    );
  }
  return issues;
}

function danglingIn(
  target: RouteTarget,
  menus: ReadonlyMap<string, unknown>,
  extensions: ReadonlyMap<string, unknown>,
  people: ReadonlyMap<string, unknown>,
): string | null {
  switch (target.kind) {
    case "ivr_menu":
      return menus.has(target.menuId) ? null : "points at an IVR menu that does not exist";
    case "extension":
      return extensions.has(target.extensionId) ? null : "points at an extension that does not exist";
    case "ring_group": {
      if (target.members.length === 0) return "is a ring group without members";
      const missing = target.members.find((id) => !extensions.has(id) && !people.has(id));
      return missing ? "rings an extension that does not exist" : null;
    }
    default:
      return null;
  }
}

type ExtensionView = RoutingConfigView["extensions"][number];

/**
 * Whether a call to the target can ring a person or leave a message without the number's voicemail.
 * A member with a phone counts (whether they are available is known only at call time).
 */
function reachesSomeone(
  target: RouteTarget,
  extensions: ReadonlyMap<string, ExtensionView>,
  people: ReadonlyMap<string, { forwardingNumbers: readonly string[] }>,
): boolean {
  switch (target.kind) {
    case "extension": {
      const ext = extensions.get(target.extensionId);
      return Boolean(ext && (ext.forwardingNumbers.length > 0 || ext.voicemailEnabled));
    }
    case "ring_group":
      return target.members.some(
        (id) =>
          (extensions.get(id)?.forwardingNumbers.length ?? 0) > 0 ||
          (people.get(id)?.forwardingNumbers.length ?? 0) > 0,
      );
    default:
      // A menu, voicemail, a forward and a hang-up each answer the caller.
      return true;
  }
}

/** The errors of `next` that `current` did not have: what a save would introduce. */
export function introducedErrors(
  current: readonly RoutingIssue[],
  next: readonly RoutingIssue[],
): RoutingIssue[] {
  const before = new Set(current.filter((i) => i.severity === "error").map((i) => i.message));
  return next.filter((i) => i.severity === "error" && !before.has(i.message));
}
