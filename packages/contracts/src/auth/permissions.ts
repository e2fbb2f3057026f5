import { membershipRoles } from "@poundline/db/enums";

/**
 * What the people of an account may do, by their role in it: the one permission table.
 * Console routes declare the action they perform (`config: { permission: "numbers.buy" }`,
 * checked by auth/route-permissions.ts); the session answers the actions of the signed-in
 * person so the console hides what they may not do. Pure: the web imports it too.
 */

export type MembershipRole = (typeof membershipRoles)[number];

/** Each action, named by what it does, and how a refusal words it ("... can <wording>."). */
export const actionWording = {
  // Using the phones: every role.
  "calls.place": "place calls",
  "calls.notes": "edit call notes",
  "calls.tag": "tag calls and set their disposition",
  "messages.send": "send text messages",
  "messages.read": "mark conversations read",
  "voicemails.manage": "change and delete voicemails",
  "contacts.edit": "add, change, import and delete contacts",
  // Running the phone system: owners and admins.
  "numbers.buy": "buy phone numbers",
  "numbers.edit": "change phone numbers and their emergency addresses",
  "numbers.release": "release phone numbers",
  "numbers.verify": "verify the numbers a trial may call",
  "calling.countries": "change the countries the account may call",
  "recordings.retention": "change how long call recordings are kept",
  "recordings.download": "download call recordings",
  "routing.edit": "change call routing",
  "calls.dispositions": "change the list of call dispositions",
  "calls.block": "change the blocked callers and the blocking rules",
  "automations.edit": "change a number's automated texts",
  "templates.edit": "add, change and delete text templates",
  "extensions.edit": "change extensions",
  "ivr.edit": "edit and try IVR menus",
  "ivr.publish": "publish IVR menus",
  "widgets.edit": "configure website widgets",
  "webhooks.manage": "manage webhooks",
  "settings.company": "change the company information",
  "texting.register": "register the business for texting",
  "users.manage": "manage the account's users",
  "apiKeys.manage": "manage the account's API keys",
  "activity.view": "see the account's activity log",
  "billing.view": "see the account's billing",
  "billing.topup": "add funds to the wallet",
  "billing.pay": "pay invoices",
  "billing.alerts": "change the low-balance alert",
  "billing.limits": "change the spend guard",
  // Owner only: what the company signs up for and pays with.
  "billing.plan": "change the plan",
  "billing.cards": "change the payment cards",
  "account.transfer": "transfer the account's ownership",
} as const;

export type Action = keyof typeof actionWording;

/** Every action, in the table's order. */
export const actions = Object.keys(actionWording) as [Action, ...Action[]];

const usePhones: readonly Action[] = [
  "calls.place",
  "calls.notes",
  "calls.tag",
  "messages.send",
  "messages.read",
  "voicemails.manage",
  "contacts.edit",
];

/** Changing the plan and the cards binds the company and its money: the owner's alone. */
const ownerOnly: readonly Action[] = ["billing.plan", "billing.cards", "account.transfer"];

/** The bookkeeper reads what the owner reads (billing included, which needs an action) and changes nothing. */
const readOnly: readonly Action[] = ["billing.view", "activity.view"];

/** Role -> the actions it allows. */
export const permissionTable: Readonly<Record<MembershipRole, ReadonlySet<Action>>> = {
  owner: new Set(actions),
  admin: new Set(actions.filter((action) => !ownerOnly.includes(action))),
  member: new Set(usePhones),
  viewer: new Set(readOnly),
};

/** Whether a role allows an action; a role the table does not know allows nothing. */
export function can(role: string, action: Action): boolean {
  return (permissionTable as Record<string, ReadonlySet<Action> | undefined>)[role]?.has(action) ?? false;
}

/** The actions a role allows, in the table's order (the session answers them). */
export function permissionsOf(role: string): Action[] {
  return actions.filter((action) => can(role, action));
}

const roleNames: Record<MembershipRole, string> = {
  owner: "owner",
  admin: "an administrator",
  member: "a member",
  viewer: "a bookkeeper",
};

/** How the console names each role (team list, invitation form, the Roles page). */
export const roleLabels: Record<MembershipRole, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Bookkeeper (read only)",
};

/** What each role is for, in one line (the Roles page and the invitation form). */
export const roleSummaries: Record<MembershipRole, string> = {
  owner: "Runs the account and pays for it: everything, including the plan, the cards and ownership.",
  admin: "Runs the phone system: numbers, routing, users and billing, but not the plan or the cards.",
  member: "Uses the phones: calls, the shared inbox, voicemails and contacts. Changes no settings.",
  viewer: "Reads everything the owner reads, billing included, and changes nothing.",
};

/** "a", "a or b", "a, b or c". */
function either(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** The refusal's wording, from the table: "Only the account's owner or an administrator can ...". */
export function refusalMessage(action: Action): string {
  const allowed = membershipRoles.filter((role) => can(role, action)).map((role) => roleNames[role]);
  return `Only the account's ${either(allowed)} can ${actionWording[action]}.`;
}

/**
 * Changes that go to the account's activity log: running the phone system, not using the phones
 * (a call's notes or a text sent is the conversation's own record).
 */
export function isLoggedActivity(action: Action): boolean {
  return !usePhones.includes(action);
}

export function isAction(value: unknown): value is Action {
  return typeof value === "string" && Object.hasOwn(actionWording, value);
}
