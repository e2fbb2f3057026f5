/**
 * The carrier's conference paths: read a room and end it (Conferences/{Sid}), add a participant
 * by calling them into the room (Participants.json), hold, mute and remove one
 * (Participants/{CallSid}). A room is named by its sid or its friendly name, as the carrier takes
 * either. Bodies are validated against the carrier's OpenAPI description like the other paths.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Conference, Participant } from "./conferences";
import type { OperationId } from "./openapi";
import { carrierError, type FormBody } from "./rest";
import type { CarrierSim } from "./sim";
import { rfc2822 } from "./time";

export interface ConferenceRoutesOptions {
  sim: CarrierSim;
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  validBody: (operation: OperationId, request: FastifyRequest, reply: FastifyReply) => FormBody | null;
}

function conferenceResource(accountPath: string, accountSid: string, room: Conference) {
  const uri = `${accountPath}/Conferences/${room.sid}`;
  return {
    account_sid: accountSid,
    api_version: "2010-04-01",
    date_created: rfc2822(room.dateCreated),
    date_updated: rfc2822(room.dateUpdated),
    friendly_name: room.friendlyName,
    region: "us1",
    sid: room.sid,
    status: room.status,
    uri: `${uri}.json`,
    subresource_uris: { participants: `${uri}/Participants.json`, recordings: `${uri}/Recordings.json` },
    // Only an ended room says why (the schema's reasons are an enumeration, without null).
    ...(room.ended
      ? { reason_conference_ended: room.ended.reason, call_sid_ending_conference: room.ended.callSid }
      : {}),
  };
}

function participantResource(
  accountPath: string,
  accountSid: string,
  room: Conference,
  p: Pick<
    Participant,
    "callSid" | "label" | "hold" | "muted" | "endConferenceOnExit" | "dateCreated" | "dateUpdated"
  >,
  status: string,
) {
  return {
    account_sid: accountSid,
    call_sid: p.callSid,
    label: p.label,
    call_sid_to_coach: null,
    coaching: false,
    conference_sid: room.sid,
    date_created: rfc2822(p.dateCreated),
    date_updated: rfc2822(p.dateUpdated),
    end_conference_on_exit: p.endConferenceOnExit,
    muted: p.muted,
    hold: p.hold,
    start_conference_on_enter: true,
    status,
    queue_time: "0",
    uri: `${accountPath}/Conferences/${room.sid}/Participants/${p.callSid}.json`,
  };
}

const file = (name: string) => name.replace(/\.json$/, "");
const yes = (value: unknown) => String(value).toLowerCase() === "true";

/** `<Dial><Conference>` for a participant called in: the room's name and the options asked for. */
function joinTwiml(room: string, body: FormBody): string {
  const attrs = [
    yes(body.EndConferenceOnExit) ? ' endConferenceOnExit="true"' : "",
    yes(body.Muted) ? ' muted="true"' : "",
    typeof body.Label === "string" ? ` participantLabel="${escapeXml(body.Label)}"` : "",
    typeof body.ConferenceStatusCallback === "string"
      ? ` statusCallback="${escapeXml(body.ConferenceStatusCallback)}"`
      : "",
    body.ConferenceStatusCallbackEvent !== undefined
      ? ` statusCallbackEvent="${escapeXml([body.ConferenceStatusCallbackEvent].flat().join(" "))}"`
      : "",
  ].join("");
  return `<Response><Dial><Conference${attrs}>${escapeXml(room)}</Conference></Dial></Response>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function conferenceRoutes(app: FastifyInstance, options: ConferenceRoutesOptions) {
  const { sim, authenticate, validBody } = options;
  const { conferences } = sim;
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`);
  const roomOf = (request: FastifyRequest) =>
    conferences.find(file((request.params as { room: string }).room));

  app.get(
    "/2010-04-01/Accounts/:AccountSid/Conferences/:room",
    { onRequest: authenticate },
    async (request, reply) => {
      const room = roomOf(request);
      return room ? conferenceResource(sim.accountPath, sim.accountSid, room) : notFound(request, reply);
    },
  );

  app.post(
    "/2010-04-01/Accounts/:AccountSid/Conferences/:room",
    { onRequest: authenticate },
    async (request, reply) => {
      const room = roomOf(request);
      if (!room) return notFound(request, reply);
      const body = validBody("updateConference", request, reply);
      if (!body) return reply;
      if (body.Status === "completed") conferences.end(room.sid);
      return conferenceResource(sim.accountPath, sim.accountSid, room);
    },
  );

  // Calls `To` into the room named: the room is made when the participant joins it.
  app.post(
    "/2010-04-01/Accounts/:AccountSid/Conferences/:room/Participants.json",
    { onRequest: authenticate },
    async (request, reply) => {
      const body = validBody("createParticipant", request, reply);
      if (!body) return reply;
      const name = (request.params as { room: string }).room;
      const open = conferences.find(name);
      const roomName = open?.friendlyName ?? name;
      const call = await sim.createCall({
        from: String(body.From),
        to: String(body.To),
        twiml: joinTwiml(roomName, body),
        ...(typeof body.StatusCallback === "string" ? { statusCallback: body.StatusCallback } : {}),
        ...(body.Timeout !== undefined ? { timeout: Number(body.Timeout) } : {}),
        ringsInRealTime: true,
      });
      const now = sim.now();
      const room = open ?? {
        sid: "",
        friendlyName: roomName,
        status: "init",
        dateCreated: now,
        dateUpdated: now,
      };
      const pending = {
        callSid: call.sid,
        label: typeof body.Label === "string" ? body.Label : null,
        hold: false,
        muted: yes(body.Muted),
        endConferenceOnExit: yes(body.EndConferenceOnExit),
        dateCreated: now,
        dateUpdated: now,
      };
      return reply
        .code(201)
        .send(participantResource(sim.accountPath, sim.accountSid, room as Conference, pending, "queued"));
    },
  );

  const participantOf = (request: FastifyRequest) => {
    const { room: roomName, callSid } = request.params as { room: string; callSid: string };
    const room = conferences.find(roomName);
    const participant = room ? conferences.participant(room.sid, file(callSid)) : undefined;
    return room && participant ? { room, participant } : null;
  };

  app.post(
    "/2010-04-01/Accounts/:AccountSid/Conferences/:room/Participants/:callSid",
    { onRequest: authenticate },
    async (request, reply) => {
      const found = participantOf(request);
      if (!found) return notFound(request, reply);
      const body = validBody("updateParticipant", request, reply);
      if (!body) return reply;
      const change = {
        ...(body.Hold !== undefined ? { hold: yes(body.Hold) } : {}),
        ...(typeof body.HoldUrl === "string" ? { holdUrl: body.HoldUrl } : {}),
        ...(body.Muted !== undefined ? { muted: yes(body.Muted) } : {}),
      };
      const participant =
        conferences.update(found.room.sid, found.participant.callSid, change) ?? found.participant;
      return participantResource(sim.accountPath, sim.accountSid, found.room, participant, "connected");
    },
  );

  app.delete(
    "/2010-04-01/Accounts/:AccountSid/Conferences/:room/Participants/:callSid",
    { onRequest: authenticate },
    async (request, reply) => {
      const found = participantOf(request);
      if (!found) return notFound(request, reply);
      conferences.leave(found.room.sid, found.participant.callSid, "removed");
      return reply.code(204).send();
    },
  );
}
