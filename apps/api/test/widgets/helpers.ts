import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import type { TestApp } from "../../src/testing";
import type { SignedIn } from "../fixtures";

export { insertSharedNumber } from "../geo-routing/helpers";

let serial = 0;

/** A valid exchange (NXX, not an N11 service code), random so that files sharing a database differ. */
function randomExchange() {
  const exchange = 200 + Math.floor(Math.random() * 800);
  return String(exchange % 100 === 11 ? exchange + 1 : exchange);
}

/** A number the account rents. */
export async function insertNumber(t: TestApp, accountId: string) {
  serial += 1;
  const id = newId("number");
  const e164 = `+1305${randomExchange()}${String(1000 + serial).slice(-4)}`;
  await t.db.db.insert(schema.phoneNumbers).values({ id, accountId, e164, friendlyName: "Main line" });
  return { id, e164 };
}

/** The licence id of the account on a shared number. */
export async function licenseOf(t: TestApp, sharedNumberId: string, accountId: string) {
  const rows = await t.db.db
    .select()
    .from(schema.territoryLicenses)
    .where(eq(schema.territoryLicenses.sharedNumberId, sharedNumberId));
  const row = rows.find((r) => r.accountId === accountId);
  if (!row) throw new Error("no licence");
  return row.id;
}

export async function widgetRow(t: TestApp, id: string) {
  const [row] = await t.db.db
    .select()
    .from(schema.widgetConfigurations)
    .where(eq(schema.widgetConfigurations.id, id));
  return row;
}

export async function widgetRowsOf(t: TestApp, accountId: string) {
  return t.db.db
    .select()
    .from(schema.widgetConfigurations)
    .where(eq(schema.widgetConfigurations.accountId, accountId));
}

export function createWidget(t: TestApp, who: SignedIn, payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/widgets", headers: who.headers, payload });
}
