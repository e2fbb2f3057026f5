import { setupGuideEndpoints } from "@poundline/contracts/console/setup-guide-endpoints";
import { setupGuideMessages } from "@poundline/contracts/console/setup-guide-schemas";
import { AppError } from "@poundline/contracts/errors";
import { gateState } from "@poundline/domain";
import {
  TEST_CALL_WORDS,
  TEST_CALLER,
  testCallNumber,
  testCallOutcome,
  walletRefusal,
} from "@poundline/modules/console/setup-guide";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

/** The setup guide's test call: the simulator rings the account's number and says what it heard. */
export const testCall = handle(setupGuideEndpoints.testCall, async (request) => {
  const { account } = requireAccount(request);
  const { db, simulator, routing, clock } = request.server.deps;
  const number = await testCallNumber(db.db, account.id);
  if (!number)
    throw new AppError("CONFLICT", setupGuideMessages.noNumber, {
      number: [setupGuideMessages.noNumber],
    });
  // With a carrier, only a real phone can ring the number.
  if (!simulator) throw new AppError("CONFLICT", setupGuideMessages.callFromPhone(number.e164));
  // A number bought a moment ago may not be in the routing tables the simulator reads yet.
  if (!routing.current().byNumber.has(number.e164)) await routing.reload();
  // The caller listens to the end: hangs up at a menu, speaks a few seconds into a voicemail.
  const transcript = await simulator.placeCall({
    from: TEST_CALLER,
    to: number.e164,
    hangUpWhenNoKeysLeft: true,
    recordSeconds: 5,
    transcriptionText: TEST_CALL_WORDS,
  });
  await simulator.idle();
  const gate = routing.current().accounts.get(account.id)?.gate;
  const state: string = gate ? gateState(gate, clock()) : "open";
  return {
    ...walletRefusal(testCallOutcome(transcript), state),
    callSid: transcript.callSid,
    from: TEST_CALLER,
    to: number.e164,
    heard: transcript.spoken,
  };
});
