import { NUMBER_NOT_FOUND_MESSAGE } from "@poundline/contracts/call-routing/schemas";
import { AppError } from "@poundline/contracts/errors";
import { EXTENSION_NOT_FOUND_MESSAGE } from "@poundline/contracts/extensions/schemas";
import { GREETING_MESSAGES, type GreetingTextBody } from "@poundline/contracts/greetings/schemas";
import { callRefusal as billingCallRefusal } from "@poundline/modules/billing/enforce";
import {
  type GreetingOwner,
  type GreetingSlot,
  ownsGreetingOwner,
  removeGreeting,
  setGreeting,
} from "@poundline/modules/greetings/greetings";
import { type GreetingCallTarget, startGreetingCall } from "@poundline/modules/greetings/phone-calls";
import type { FastifyReply, FastifyRequest } from "fastify";
import { requireAccount } from "../../auth/context";
import {
  greetingAudio,
  removeUploadedAudio,
  storeUploadedAudio,
  uploadedAudioKeyOf,
} from "../../http/uploaded-audio";

export const numberGreeting = (params: { numberId: string; slot: GreetingSlot }): GreetingOwner => ({
  type: "number",
  id: params.numberId,
  slot: params.slot,
});

export const extensionGreeting = (params: { id: string }): GreetingOwner => ({
  type: "extension",
  id: params.id,
  slot: "voicemail",
});

/** Another account's number or extension answers exactly like a missing one. */
export const ownerNotFound = (owner: GreetingOwner) =>
  new AppError("NOT_FOUND", owner.type === "number" ? NUMBER_NOT_FOUND_MESSAGE : EXTENSION_NOT_FOUND_MESSAGE);

/** The stored file of a greeting replaced or removed goes; a failure is logged, not the request's. */
async function removeStoredGreeting(request: FastifyRequest, accountId: string, url: string | null) {
  await removeUploadedAudio(
    request.server.deps,
    request.log,
    uploadedAudioKeyOf(greetingAudio, accountId, url),
  );
}

/** Says the greeting by text to speech (a recording it replaces goes from the storage). */
export async function setGreetingText(request: FastifyRequest, owner: GreetingOwner, body: GreetingTextBody) {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  const saved = await setGreeting(db.db, account.id, owner, { kind: "tts", ...body }, clock());
  if (!saved) throw ownerNotFound(owner);
  await removeStoredGreeting(request, account.id, saved.replaced);
  await routing.changed();
  return saved.greeting;
}

/** Stores an uploaded recording and plays it as the greeting (the one it replaces goes). */
export async function setGreetingAudio(request: FastifyRequest, owner: GreetingOwner) {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  if (!(await ownsGreetingOwner(db.db, account.id, owner))) throw ownerNotFound(owner);
  const url = await storeUploadedAudio(
    request.server.deps,
    greetingAudio,
    account.id,
    `${owner.id}_${owner.slot}`,
    request.body,
  );
  const saved = await setGreeting(db.db, account.id, owner, { kind: "audio", audioUrl: url }, clock());
  // Gone while the bytes were stored: keep nothing.
  await removeStoredGreeting(request, account.id, saved ? saved.replaced : url);
  if (!saved) throw ownerNotFound(owner);
  await routing.changed();
  return saved.greeting;
}

/** Removes the greeting and its stored recording, if it had one. */
export async function clearGreeting(request: FastifyRequest, owner: GreetingOwner) {
  const { account } = requireAccount(request);
  const { db, routing } = request.server.deps;
  const removed = await removeGreeting(db.db, account.id, owner);
  if (!removed) throw ownerNotFound(owner);
  await removeStoredGreeting(request, account.id, removed.removed);
  await routing.changed();
}

type CallRefusal = Exclude<Awaited<ReturnType<typeof startGreetingCall>>, { ok: true }>;

/** Each reason a greeting call is not placed, as the status and words the console shows. */
function callRefusal(result: CallRefusal, notFound: () => AppError): AppError {
  switch (result.reason) {
    case "not_found":
      return notFound();
    case "no-number":
      return new AppError("BAD_REQUEST", GREETING_MESSAGES.noNumber, {
        "body.phone": [GREETING_MESSAGES.noNumber],
      });
    case "destination":
      return new AppError("BAD_REQUEST", result.message, { "body.phone": [result.message] });
    case "prepaid":
      return new AppError("BAD_REQUEST", result.message);
    // As for Make a Call: the billing gate is a 403, not bad input.
    case "billing":
      return new AppError("FORBIDDEN", result.message);
    case "carrier":
      return new AppError("BAD_REQUEST", `The carrier refused the call: ${result.message}`);
  }
}

/** Record by phone: the carrier calls the member's phone (201 with the call to follow). */
export async function placeGreetingCall(
  request: FastifyRequest,
  reply: FastifyReply,
  target: GreetingCallTarget,
  phone: string,
  notFound: () => AppError,
) {
  const { account, user } = requireAccount(request);
  const { db, carrierClient, carrier, routing, clock } = request.server.deps;
  const result = await startGreetingCall(
    {
      db: db.db,
      carrier: carrierClient,
      webhookBaseUrl: carrier.webhookBaseUrl,
      billingRefusal: (accountId) => billingCallRefusal(routing.current(), accountId, clock()),
      clock,
    },
    { accountId: account.id, userId: user.id, target, phone },
  );
  if (!result.ok) throw callRefusal(result, notFound);
  return reply.status(201).send(result.call);
}
