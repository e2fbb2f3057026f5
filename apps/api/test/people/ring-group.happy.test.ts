import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNumber, routingBody } from "../call-routing/helpers";
import { createUser } from "../fixtures";
import { type PhoneTeam, teamWithPhones } from "./helpers";

const LINE = "+13055550180";
const ANA = "+13055550181";
const BEN = "+13055550182";
// Monday 2026-11-23 10:00 in New York.
const now = new Date("2026-11-23T15:00:00Z");
let team: PhoneTeam;

beforeAll(async () => {
  team = await teamWithPhones(now, { ana: ANA, ben: BEN });
  await addNumber(team.t, team.owner.accountId, LINE);
});
afterAll(() => team.t.close());

async function call() {
  team.sim.reset();
  await team.sim.placeCall({ from: "+13055551234", to: LINE });
  await team.sim.idle();
  return team.sim
    .calls()
    .filter((c) => c.direction === "outbound-api")
    .map((c) => c.to);
}

async function setAvailability(availability: string) {
  const res = await team.t.app.inject({
    method: "PUT",
    url: "/api/people/me/availability",
    headers: team.anaIn.headers,
    payload: { availability },
  });
  expect(res.statusCode).toBe(200);
}

describe("people in a ring group, through the carrier simulator", () => {
  it("the owner's ring group names members; Ana on do not disturb is skipped until she is available again", async () => {
    const numberId = (
      await team.t.db.db.select().from(schema.phoneNumbers).where(eq(schema.phoneNumbers.e164, LINE))
    )[0]?.id;
    const saved = await team.t.app.inject({
      method: "PUT",
      url: `/api/call-routing/${numberId}`,
      headers: team.ownerIn.headers,
      payload: routingBody({
        ringStrategy: "sequential",
        businessHoursDestination: { type: "ring_group", ringGroup: [team.ana.id, team.ben.id] },
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    await setAvailability("do_not_disturb");
    expect(await call()).toEqual([BEN]);

    // Availability is compiled into the routing tables: the change reaches the next call.
    await setAvailability("available");
    expect(await call()).toEqual([ANA]);
  });

  it("a ring group naming someone of another account is refused, and nothing is saved", async () => {
    const stranger = await createUser(team.t);
    const numberId = await addNumber(team.t, team.owner.accountId, "+13055550183");
    const res = await team.t.app.inject({
      method: "PUT",
      url: `/api/call-routing/${numberId}`,
      headers: team.ownerIn.headers,
      payload: routingBody({ businessHoursDestination: { type: "ring_group", ringGroup: [stranger.id] } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain("rings an extension that does not exist");
    const rows = await team.t.db.db
      .select()
      .from(schema.numberRouting)
      .where(eq(schema.numberRouting.phoneNumberId, numberId));
    expect(rows).toEqual([]);
  });
});
