import { type Database, schema } from "@poundline/db";
import type { IvrMenu, RouteTarget, RoutingConfigView } from "@poundline/domain";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { loadMembers, menuOfRow, target } from "../carrier/routing-tables";

type NumberView = RoutingConfigView["numbers"][number];

/** One account's routing as stored: what the validator checks and what refers to an extension. */
export interface AccountRouting {
  view: RoutingConfigView;
  menus: IvrMenu[];
}

/**
 * The account's menus, extensions and numbers' routing, read in one round of queries (inside the
 * saving transaction, so the check sees what the save will change).
 */
export async function loadAccountRouting(db: Database, accountId: string): Promise<AccountRouting> {
  const [menuRows, optionRows, extRows, numberRows, geoRows, members] = await Promise.all([
    db
      .select()
      .from(schema.ivrMenus)
      .where(eq(schema.ivrMenus.accountId, accountId))
      .orderBy(asc(schema.ivrMenus.createdAt)),
    db
      .select()
      .from(schema.ivrOptions)
      .where(eq(schema.ivrOptions.accountId, accountId))
      .orderBy(asc(schema.ivrOptions.keyPress)),
    db.select().from(schema.extensions).where(eq(schema.extensions.accountId, accountId)),
    db
      .select({ number: schema.phoneNumbers, routing: schema.numberRouting })
      .from(schema.phoneNumbers)
      .leftJoin(schema.numberRouting, eq(schema.numberRouting.phoneNumberId, schema.phoneNumbers.id))
      .where(eq(schema.phoneNumbers.accountId, accountId))
      .orderBy(asc(schema.phoneNumbers.createdAt), asc(schema.phoneNumbers.id)),
    db
      .select({ menuId: schema.geoRules.ivrMenuId })
      .from(schema.geoRules)
      .where(and(eq(schema.geoRules.targetAccountId, accountId), isNotNull(schema.geoRules.ivrMenuId))),
    loadMembers(db, accountId),
  ]);
  const menus: IvrMenu[] = menuRows.map((m) =>
    menuOfRow(
      m,
      optionRows
        .filter((o) => o.menuId === m.id)
        .map((o) => ({ keyPress: o.keyPress, action: o.action, destination: o.destination })),
    ),
  );
  const numbers: NumberView[] = numberRows.map(({ number, routing }) => ({
    id: number.id,
    e164: number.e164,
    openTarget: routing
      ? target(routing.businessHoursTargetType, routing.businessHoursTargetId, routing.businessHoursRingGroup)
      : { kind: "voicemail" },
    afterHoursTarget: routing
      ? target(routing.afterHoursTargetType, routing.afterHoursTargetId, routing.afterHoursRingGroup)
      : { kind: "voicemail" },
    holidays: (routing?.holidays ?? []).map((h) => ({
      date: h.date,
      target: target(h.targetType, h.targetId, []),
    })),
    voicemailEnabled: routing?.voicemailEnabled ?? true,
  }));
  return {
    menus,
    view: {
      menus,
      extensions: extRows.map((e) => ({
        id: e.id,
        extensionNumber: e.extensionNumber,
        name: e.name,
        forwardingNumbers: e.forwardingNumbers,
        voicemailEnabled: e.voicemailEnabled,
      })),
      members: members.map((m) => ({ id: m.userId, forwardingNumbers: m.forwardingNumbers })),
      numbers,
      entryMenuIds: geoRows.flatMap((g) => (g.menuId ? [g.menuId] : [])),
    },
  };
}

const SLOTS = { openTarget: "business hours", afterHoursTarget: "after hours" } as const;

const names = (target: RouteTarget, extensionId: string) =>
  (target.kind === "extension" && target.extensionId === extensionId) ||
  (target.kind === "ring_group" && target.members.includes(extensionId));

/** What sends calls to an extension: menu options, numbers' destinations and ring groups, holidays. */
export function usesOfExtension(routing: AccountRouting, extensionId: string): string[] {
  const uses: string[] = [];
  for (const menu of routing.menus) {
    for (const option of menu.options) {
      if (option.action === "extension" && option.destination === extensionId)
        uses.push(`IVR menu "${menu.name}" (option ${option.keyPress})`);
    }
  }
  for (const number of routing.view.numbers) {
    for (const [slot, label] of Object.entries(SLOTS) as [keyof typeof SLOTS, string][]) {
      const t = number[slot];
      if (names(t, extensionId))
        uses.push(`${number.e164} (${label} ${t.kind === "ring_group" ? "ring group" : "destination"})`);
    }
    for (const h of number.holidays)
      if (names(h.target, extensionId)) uses.push(`${number.e164} (holiday ${h.date})`);
  }
  return uses;
}
