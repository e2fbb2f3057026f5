import { schema } from "@poundline/db";
import {
  accountOfCallByPostalCode,
  answerLocation,
  type CallOwner,
  callerLocation,
  type IncomingCall,
  type LocationInput,
  locationPromptFor,
  postalAnswer,
  renderLocationPrompt,
  renderStep,
  voicePaths,
} from "@poundline/domain";
import { carrierParams, carrierQuery } from "@poundline/modules/carrier/carrier-params";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { AppDeps } from "../../app";
import { sendTwiml, twimlOptionsOf } from "../../carrier/twiml-reply";
import { announceRinging } from "./ringing";

/**
 * The location prompt of a shared number (telephony/location-prompt.ts): the caller's ZIP or
 * postal code is routed by, and kept per CallSid so that the call's status callbacks, on any
 * instance, give its log to the licensee that answered it.
 */
export async function locationRoutes(app: FastifyInstance) {
  const { carrier, routing, clock, db, live } = app.deps;
  const twiml = twimlOptionsOf(carrier);

  app.post(voicePaths.location, async (request, reply) => {
    const params = carrierParams(request);
    const query = carrierQuery(request).record();
    const attempt = Math.max(1, Math.min(9, Number.parseInt(query.attempt ?? "1", 10) || 1));
    const call: IncomingCall = {
      to: params.text("To"),
      from: params.text("From"),
      fromState: params.optional("FromState"),
      fromCountry: params.optional("FromCountry"),
    };
    const callSid = params.optional("CallSid");
    const code = postalAnswer(params.optional("Digits"), params.optional("SpeechResult"));
    const answer = answerLocation(routing.current(), call, callerLocation(call), code, attempt, clock());
    if (answer.kind === "ask_again") return sendTwiml(reply, renderLocationPrompt(twiml, answer.attempt));
    const table = routing.current();
    const shared = table.byNumber.get(call.to);
    if (answer.postalCode && callSid && shared?.kind === "shared") {
      await db.db
        .insert(schema.callerPostalCodes)
        .values({ callSid, sharedNumberId: shared.shared.sharedNumberId, postalCode: answer.postalCode })
        .onConflictDoUpdate({
          target: schema.callerPostalCodes.callSid,
          set: { postalCode: answer.postalCode },
        });
    }
    if (answer.routed.accountId && callSid)
      announceRinging(live, request.log, answer.routed.accountId, callSid, call);
    return sendTwiml(reply, renderStep(answer.routed.step, twiml, { from: call.from, to: call.to, callSid }));
  });
}

/**
 * The owner of a call whose caller gave a ZIP or postal code when asked: looked up (one query)
 * only for a shared number that asks, when the caller was not located otherwise.
 */
export async function ownerByGivenLocation(
  deps: Pick<AppDeps, "db" | "routing">,
  ourNumber: string,
  caller: LocationInput,
  callSid: string,
  log: FastifyBaseLogger,
): Promise<CallOwner | null> {
  const table = deps.routing.current();
  // Only a shared number that asks, for a caller not located otherwise (no work for other calls).
  if (!locationPromptFor(table, ourNumber, callerLocation(caller))) return null;
  try {
    const [row] = await deps.db.db
      .select({ postalCode: schema.callerPostalCodes.postalCode })
      .from(schema.callerPostalCodes)
      .where(eq(schema.callerPostalCodes.callSid, callSid));
    return row ? accountOfCallByPostalCode(table, ourNumber, row.postalCode) : null;
  } catch (err) {
    log.warn({ err, callSid }, "caller's postal code not read: the call is logged by its unknown location");
    return null;
  }
}
