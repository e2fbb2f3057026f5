import twilio from "twilio";
import { type CarrierClientOptions, carrierError, carrierRest } from "./client";

/** A call as the carrier holds it: its parties, direction and status. */
export interface CarrierCall {
  sid: string;
  from: string;
  to: string;
  /** `inbound`, `outbound-api` or `outbound-dial`. */
  direction: string;
  status: string;
  parentCallSid: string | null;
}

/** Someone the carrier calls into a conference room (the participant REST API). */
export interface NewParticipant {
  from: string;
  /** A number, or `client:<identity>`. */
  to: string;
  label: string;
  /** Seconds it rings before it gives up. */
  timeout: number;
  /** The participant's own call reports its progress here (it is logged and charged). */
  statusCallback: string;
  /** The room's events for this participant. */
  conferenceStatusCallback: string;
}

/**
 * Changing calls in progress (transfers, holds, conferences): reading a call, giving it new TwiML
 * (it leaves what it was doing and follows the new instructions at once), and the participants of
 * a conference room: call one in, hold one, remove one.
 */
export interface CallControl {
  fetchCall(sid: string): Promise<CarrierCall | null>;
  /** The leg of a call's `<Dial>` that is connected now (who answered it), if any. */
  answeredLegOf(parentSid: string): Promise<CarrierCall | null>;
  redirectCall(sid: string, twiml: string): Promise<void>;
  addParticipant(room: string, participant: NewParticipant): Promise<{ callSid: string }>;
  holdParticipant(
    room: string,
    callSid: string,
    hold: { held: boolean; musicUrl: string | null },
  ): Promise<void>;
  removeParticipant(room: string, callSid: string): Promise<void>;
}

type CallResource = Awaited<ReturnType<ReturnType<ReturnType<typeof carrierRest>["calls"]>["fetch"]>>;

function carrierCallOf(call: CallResource): CarrierCall {
  return {
    sid: call.sid,
    from: call.from,
    to: call.to,
    direction: call.direction,
    status: call.status,
    parentCallSid: call.parentCallSid ?? null,
  };
}

export function createCallControl(options: CarrierClientOptions): CallControl {
  const rest = carrierRest(options);
  return {
    async fetchCall(sid) {
      try {
        return carrierCallOf(await rest.calls(sid).fetch());
      } catch (err) {
        if (err instanceof twilio.RestException && err.status === 404) return null;
        throw carrierError(err);
      }
    },
    async answeredLegOf(parentSid) {
      try {
        const [leg] = await rest.calls.list({ parentCallSid: parentSid, status: "in-progress", limit: 1 });
        return leg ? carrierCallOf(leg) : null;
      } catch (err) {
        throw carrierError(err);
      }
    },
    async redirectCall(sid, twiml) {
      try {
        await rest.calls(sid).update({ twiml });
      } catch (err) {
        throw carrierError(err);
      }
    },
    async addParticipant(room, p) {
      try {
        const created = await rest.conferences(room).participants.create({
          from: p.from,
          to: p.to,
          label: p.label,
          timeout: p.timeout,
          beep: "false",
          endConferenceOnExit: false,
          statusCallback: p.statusCallback,
          statusCallbackEvent: ["completed"],
          conferenceStatusCallback: p.conferenceStatusCallback,
          conferenceStatusCallbackEvent: ["join", "leave"],
        });
        return { callSid: created.callSid };
      } catch (err) {
        throw carrierError(err);
      }
    },
    async holdParticipant(room, callSid, hold) {
      try {
        await rest
          .conferences(room)
          .participants(callSid)
          .update(hold.held && hold.musicUrl ? { hold: true, holdUrl: hold.musicUrl } : { hold: hold.held });
      } catch (err) {
        throw carrierError(err);
      }
    },
    async removeParticipant(room, callSid) {
      try {
        await rest.conferences(room).participants(callSid).remove();
      } catch (err) {
        throw carrierError(err);
      }
    },
  };
}
