import { type RoomRole, renderRoomJoin } from "@poundline/domain";
import { expect, it } from "vitest";
import { findTwimlValidator } from "../scenarios/twiml-xsd";

/**
 * The TwiML that sends a call into its room (the caller by its Dial's action, the member's leg by a
 * REST update) is valid against the carrier's XSD, for every role; the scenarios cover the
 * caller's as the app answers it.
 */
it("the room TwiML of every role is valid against the carrier's XSD", async () => {
  const validator = findTwimlValidator();
  if (!validator.ok) {
    expect(process.env.CI, validator.reason).toBeFalsy();
    return;
  }
  const roles: RoomRole[] = ["caller", "member"];
  const options = { baseUrl: "https://api.poundline.test", carrierTranscription: false };
  const documents = new Map(
    roles.map((role) => [renderRoomJoin(options, "acct_1", `room_CA${"1".repeat(32)}`, role), role] as const),
  );
  expect(documents.size).toBe(2);
  expect(await validator.validate(documents)).toEqual([]);
});
