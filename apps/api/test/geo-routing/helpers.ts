import { newId, publishIvrDraft, schema } from "@poundline/db";
import type { TestApp } from "../../src/testing";

let serial = 0;

/** A shared number, managed by `manager`, licensed to each of `licensees` for a territory of its own. */
export async function insertSharedNumber(
  t: TestApp,
  options: { manager: string | null; licensees: string[]; poundCode?: string; e164?: string },
) {
  serial += 1;
  const id = newId("sharedNumber");
  const poundCode =
    options.poundCode ??
    `#T${serial}${crypto
      .randomUUID()
      .slice(0, 4)
      .toUpperCase()
      .replace(/[^0-9A-Z]/g, "X")}`;
  const e164 = options.e164 ?? `+1800555${String(1000 + serial).slice(-4)}`;
  const categoryId = newId("category");
  await t.db.db.transaction(async (tx) => {
    await tx.insert(schema.sharedNumbers).values({ id, poundCode, e164, defaultAccountId: options.manager });
    await tx.insert(schema.categories).values({ id: categoryId, name: `Legal ${categoryId}` });
    for (const [i, accountId] of options.licensees.entries()) {
      const territoryId = newId("territory");
      await tx
        .insert(schema.territories)
        .values({ id: territoryId, name: `Territory ${i + 1} ${territoryId}` });
      await tx.insert(schema.territoryLicenses).values({
        id: newId("license"),
        accountId,
        sharedNumberId: id,
        territoryId,
        categoryId,
        poundCode,
      });
    }
  });
  await t.app.deps.routing.reload();
  return { id, poundCode, e164 };
}

/** An IVR menu of the account, published (calls follow published menus). */
export async function insertMenu(t: TestApp, accountId: string, name = "Intake") {
  const id = newId("ivrMenu");
  await t.db.db.insert(schema.ivrMenus).values({ id, accountId, name, greetingTts: `Welcome to ${name}.` });
  await publishIvrDraft(t.db.db, accountId, new Date());
  return id;
}
