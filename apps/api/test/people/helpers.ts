import type { CarrierSim } from "@poundline/carrier-sim";
import { newId, schema } from "@poundline/db";
import { expect } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

/** A voice number of the account, straight into the database. */
export async function addNumber(t: TestApp, accountId: string, e164: string): Promise<string> {
  const id = newId("number");
  await t.db.db.insert(schema.phoneNumbers).values({ id, accountId, e164, numberType: "local" });
  return id;
}

/** An extension of the account, straight into the database. */
export async function addExtension(t: TestApp, accountId: string, extensionNumber: number): Promise<string> {
  const id = newId("extension");
  await t.db.db
    .insert(schema.extensions)
    .values({ id, accountId, extensionNumber, name: `Ext ${extensionNumber}` });
  return id;
}

export const mondayHours = {
  monday: { active: true, start: "08:00", end: "16:00" },
  tuesday: { active: true, start: "08:00", end: "16:00" },
  wednesday: { active: true, start: "08:00", end: "16:00" },
  thursday: { active: true, start: "08:00", end: "16:00" },
  friday: { active: true, start: "08:00", end: "16:00" },
  saturday: { active: false, start: "09:00", end: "17:00" },
  sunday: { active: false, start: "09:00", end: "17:00" },
};

/** An owner and two members, Ana and Ben, each with a forwarding phone, on the embedded simulator. */
export interface PhoneTeam {
  t: TestApp;
  sim: CarrierSim;
  owner: TestUser;
  ownerIn: SignedIn;
  ana: TestUser;
  anaIn: SignedIn;
  ben: TestUser;
}

export async function teamWithPhones(now: Date, phones: { ana: string; ben: string }): Promise<PhoneTeam> {
  const t = await createTestApp({ clock: () => now, config: { LOG_LEVEL: "error" } });
  if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
  const owner = await createUser(t);
  const ana = await createMember(t, owner.accountId, "member", { firstName: "Ana" });
  const ben = await createMember(t, owner.accountId, "member", { firstName: "Ben" });
  const anaIn = await signIn(t, ana);
  for (const [person, phone] of [
    [ana, phones.ana],
    [ben, phones.ben],
  ] as const) {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/people/me/forwarding",
      headers: (await signIn(t, person)).headers,
      payload: { forwardingPhone: phone },
    });
    expect(res.statusCode).toBe(200);
  }
  return { t, sim: t.app.deps.simulator, owner, ownerIn: await signIn(t, owner), ana, anaIn, ben };
}
