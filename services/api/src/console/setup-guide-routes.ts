import { gateState } from "@poundline/telephony";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { AppError } from "../http/errors";
import {
  dismissSetupGuide,
  setupGuide,
  TEST_CALL_WORDS,
  TEST_CALLER,
  testCallNumber,
  testCallOutcome,
  walletRefusal,
} from "./setup-guide";
import {
  setupGuideDismissalBodySchema,
  setupGuideMessages,
  setupGuideSchema,
  testCallResultSchema,
} from "./setup-guide-schemas";

/** The dashboard's setup guide: its steps, putting it away, and the test call. Under /api. */
export async function setupGuideRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/console/setup-guide", { schema: { response: { 200: setupGuideSchema } } }, async (request) => {
    const { account, user } = requireAccount(request);
    const { db, simulator } = request.server.deps;
    return setupGuide(db.db, { accountId: account.id, userId: user.id }, simulator !== null);
  });

  // Open to every member (route-permissions.ts openWrites): it puts away the guide of the person only.
  app.put(
    "/console/setup-guide/dismissal",
    { schema: { body: setupGuideDismissalBodySchema, response: { 200: setupGuideSchema } } },
    async (request) => {
      const { account, user } = requireAccount(request);
      const { db, simulator, clock } = request.server.deps;
      const who = { accountId: account.id, userId: user.id };
      await dismissSetupGuide(db.db, who, request.body.dismissed, clock());
      return setupGuide(db.db, who, simulator !== null);
    },
  );

  app.post(
    "/console/setup-guide/test-call",
    { config: { permission: "calls.place" }, schema: { response: { 200: testCallResultSchema } } },
    async (request) => {
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
    },
  );
}
