import type { FieldErrors } from "@poundline/contracts/errors";
import { GEO_MESSAGES, type GeoRuleInput } from "@poundline/contracts/geo-routing/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { and, asc, eq, exists, sql } from "drizzle-orm";

const { sharedNumbers, territoryLicenses, geoRules, accounts, territories, categories, ivrMenus } = schema;

/**
 * Who sees a shared number: an account holding an active licence for it. Who edits its rules:
 * the licensee it falls back to (its default account), which the platform makes the manager of
 * the number; the other licensees see the rules that route callers to them, read-only.
 */
const licensedTo = (accountId: string) =>
  exists(
    sql`(select 1 from ${territoryLicenses} where ${territoryLicenses.sharedNumberId} = ${sharedNumbers.id} and ${territoryLicenses.accountId} = ${accountId} and ${territoryLicenses.status} = 'active')`,
  );

const sharedNumberColumns = (accountId: string) => ({
  id: sharedNumbers.id,
  poundCode: sharedNumbers.poundCode,
  e164: sharedNumbers.e164,
  defaultLicenseeId: sharedNumbers.defaultAccountId,
  askLocation: sharedNumbers.askLocation,
  canEdit: sql<boolean>`coalesce(${sharedNumbers.defaultAccountId} = ${accountId}, false)`,
});

/** The account's shared numbers, from its active licences; several licences of one number are one entry. */
export async function listSharedNumbers(db: Database, accountId: string) {
  const rows = await db
    .select(sharedNumberColumns(accountId))
    .from(sharedNumbers)
    .where(licensedTo(accountId))
    .orderBy(asc(sharedNumbers.poundCode));
  return rows.map(({ defaultLicenseeId: _d, askLocation: _a, ...row }) => row);
}

/** One of the account's shared numbers; null when it holds no active licence for it (or it does not exist). */
export async function findSharedNumber(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select(sharedNumberColumns(accountId))
    .from(sharedNumbers)
    .where(and(eq(sharedNumbers.id, id), licensedTo(accountId)));
  return row ?? null;
}

/** The licensed clients of a number: one per licensee, its territories and categories listed. */
export async function licensedClients(db: Database, sharedNumberId: string) {
  const rows = await db
    .select({
      licenseeId: territoryLicenses.accountId,
      companyName: accounts.companyName,
      contactName: accounts.contactName,
      territory: territories.name,
      category: categories.name,
    })
    .from(territoryLicenses)
    .innerJoin(accounts, eq(accounts.id, territoryLicenses.accountId))
    .innerJoin(territories, eq(territories.id, territoryLicenses.territoryId))
    .innerJoin(categories, eq(categories.id, territoryLicenses.categoryId))
    .where(and(eq(territoryLicenses.sharedNumberId, sharedNumberId), eq(territoryLicenses.status, "active")))
    .orderBy(asc(accounts.companyName), asc(territories.name));
  const byLicensee = new Map<
    string,
    (typeof rows)[number] & { territories: string[]; categories: string[] }
  >();
  for (const row of rows) {
    const entry = byLicensee.get(row.licenseeId) ?? { ...row, territories: [], categories: [] };
    if (!entry.territories.includes(row.territory)) entry.territories.push(row.territory);
    if (!entry.categories.includes(row.category)) entry.categories.push(row.category);
    byLicensee.set(row.licenseeId, entry);
  }
  return [...byLicensee.values()].map((c) => ({
    licenseeId: c.licenseeId,
    companyName: c.companyName,
    contactName: c.contactName || null,
    territory: c.territories.join(", "),
    category: c.categories.join(", "),
  }));
}

/** The rules of a number in routing order (as the routing tables load them). */
export async function listRules(db: Database, sharedNumberId: string, onlyTarget?: string) {
  return db
    .select({
      id: geoRules.id,
      locationType: geoRules.locationType,
      locationValue: geoRules.locationValue,
      targetAccountId: geoRules.targetAccountId,
      ivrMenuId: geoRules.ivrMenuId,
      priority: geoRules.priority,
    })
    .from(geoRules)
    .where(
      and(
        eq(geoRules.sharedNumberId, sharedNumberId),
        onlyTarget ? eq(geoRules.targetAccountId, onlyTarget) : undefined,
      ),
    )
    .orderBy(asc(geoRules.priority), asc(geoRules.createdAt), asc(geoRules.id));
}

export async function ownMenus(db: Database, accountId: string) {
  return db
    .select({ id: ivrMenus.id, name: ivrMenus.name })
    .from(ivrMenus)
    .where(eq(ivrMenus.accountId, accountId))
    .orderBy(asc(ivrMenus.name), asc(ivrMenus.id));
}

/**
 * Checks what the schema cannot: each rule's licensee holds an active licence for the number, and
 * a rule's menu is one of the account's own, on a rule that routes to the account itself (a
 * menu answers only its own account's calls). Field errors keyed like the schema's.
 */
export function checkRuleTargets(
  rules: readonly GeoRuleInput[],
  accountId: string,
  clientIds: ReadonlySet<string>,
  menuIds: ReadonlySet<string>,
): FieldErrors | null {
  const fields: FieldErrors = {};
  rules.forEach((rule, i) => {
    if (!clientIds.has(rule.targetAccountId))
      fields[`body.rules.${i}.targetAccountId`] = [GEO_MESSAGES.notClient];
    if (rule.ivrMenuId && (rule.targetAccountId !== accountId || !menuIds.has(rule.ivrMenuId)))
      fields[`body.rules.${i}.ivrMenuId`] = [GEO_MESSAGES.menu];
  });
  return Object.keys(fields).length > 0 ? fields : null;
}

export type SaveRulesResult =
  | { kind: "saved"; rules: Awaited<ReturnType<typeof listRules>>; askLocation: boolean }
  | { kind: "not_found" }
  | { kind: "not_manager" }
  | { kind: "invalid"; fields: FieldErrors };

/**
 * Replaces the number's rules with `rules` (priority = place in the list, 1 first), in one
 * transaction that holds the number's row: two saves of one number cannot interleave, and a
 * refused save changes nothing.
 */
export async function saveRules(
  db: Database,
  accountId: string,
  sharedNumberId: string,
  rules: readonly GeoRuleInput[],
  now: Date,
  askLocation?: boolean,
): Promise<SaveRulesResult> {
  return db.transaction(async (tx) => {
    const [number] = await tx
      .select({
        id: sharedNumbers.id,
        defaultAccountId: sharedNumbers.defaultAccountId,
        askLocation: sharedNumbers.askLocation,
      })
      .from(sharedNumbers)
      .where(and(eq(sharedNumbers.id, sharedNumberId), licensedTo(accountId)))
      .for("update");
    if (!number) return { kind: "not_found" };
    if (number.defaultAccountId !== accountId) return { kind: "not_manager" };
    const clients = await tx
      .select({ id: territoryLicenses.accountId })
      .from(territoryLicenses)
      .where(
        and(eq(territoryLicenses.sharedNumberId, sharedNumberId), eq(territoryLicenses.status, "active")),
      );
    const menus = await tx
      .select({ id: ivrMenus.id })
      .from(ivrMenus)
      .where(eq(ivrMenus.accountId, accountId));
    const fields = checkRuleTargets(
      rules,
      accountId,
      new Set(clients.map((c) => c.id)),
      new Set(menus.map((m) => m.id)),
    );
    if (fields) return { kind: "invalid", fields };

    if (askLocation !== undefined && askLocation !== number.askLocation)
      await tx
        .update(sharedNumbers)
        .set({ askLocation, updatedAt: now })
        .where(eq(sharedNumbers.id, sharedNumberId));
    await tx.delete(geoRules).where(eq(geoRules.sharedNumberId, sharedNumberId));
    const rows = rules.map((rule, i) => ({
      id: newId("geoRule"),
      sharedNumberId,
      accountId,
      locationType: rule.locationType,
      locationValue: rule.locationValue,
      targetAccountId: rule.targetAccountId,
      ivrMenuId: rule.ivrMenuId,
      priority: i + 1,
      createdAt: now,
      updatedAt: now,
    }));
    // In slices: one statement's parameters are limited (10 columns × 1,000 rows stays well under).
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(geoRules).values(rows.slice(i, i + 1000));
    return {
      kind: "saved",
      askLocation: askLocation ?? number.askLocation,
      rules: rows.map(({ id, locationType, locationValue, targetAccountId, ivrMenuId, priority }) => ({
        id,
        locationType,
        locationValue,
        targetAccountId,
        ivrMenuId,
        priority,
      })),
    };
  });
}
