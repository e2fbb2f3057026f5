import VoiceResponse from "twilio/lib/twiml/VoiceResponse";

/**
 * A greeting recorded by phone: the carrier calls the member, who records after the tone (until
 * `#`), hears it back and presses 1 to save it or 2 to record again; hanging up saves nothing.
 * The call's state is a greeting_calls row, moved by `greetingCallStep` (pure) as the carrier's
 * webhooks arrive; its TwiML is rendered here.
 */

export const GREETING_CALL_STATUSES = [
  "calling",
  "recording",
  "recorded",
  "saving",
  "saved",
  "cancelled",
  "failed",
] as const;
export type GreetingCallStatus = (typeof GREETING_CALL_STATUSES)[number];

/** The webhooks of a greeting call; `g` in the query names its row (the carrier signs the URL). */
export const greetingCallPaths = {
  /** The member answered: the instructions and the <Record>. */
  start: "/twilio/voice/greeting-call",
  /** The <Record> action: a take was made. */
  recorded: "/twilio/voice/greeting-call/recorded",
  /** The key pressed after hearing the take. */
  choice: "/twilio/voice/greeting-call/choice",
  /** The call's progress (its end, above all). */
  status: "/twilio/voice/greeting-call/status",
} as const;

export const GREETING_CALL_MESSAGES = {
  instructions: "After the tone, record your greeting. Press the pound key when you are finished.",
  nothingHeard: "We did not hear anything. Let's try again.",
  review: "Here is your greeting.",
  choose: "Press 1 to save it, or 2 to record it again. Hang up to cancel.",
  saved: "Your greeting is saved. Goodbye.",
  over: "This recording session is over. Goodbye.",
} as const;

/** The longest greeting recorded by phone. */
export const GREETING_MAX_SECONDS = 120;
/** Times the take is played back without a key pressed before the call says goodbye. */
export const GREETING_MAX_REVIEWS = 3;

/** What the carrier's webhooks tell of the call. */
export type GreetingCallEvent =
  | { kind: "answered" }
  /** A take was recorded (the <Record> action). */
  | { kind: "recorded"; recordingSid: string; recordingUrl: string }
  /** A key pressed after the take was played back ('' when none was), at the `round`th review. */
  | { kind: "key"; digits: string; round: number }
  /** The call ended (its final CallStatus). */
  | { kind: "ended"; callStatus: string };

/** What the caller hears next. */
export type GreetingCallReply = "record" | "review" | "saved" | "over" | "none";

export interface GreetingCallTake {
  recordingSid: string;
  recordingUrl: string;
}

export interface GreetingCallState {
  status: GreetingCallStatus;
  take: GreetingCallTake | null;
}

/** What the executor does besides answering: fetch and store the take, or delete one at the carrier. */
export type GreetingCallCommand =
  | { kind: "save"; take: GreetingCallTake }
  | { kind: "discard"; recordingSid: string };

export interface GreetingCallOutcome {
  state: GreetingCallState;
  reply: GreetingCallReply;
  commands: GreetingCallCommand[];
}

const FINISHED: readonly GreetingCallStatus[] = ["saving", "saved", "cancelled", "failed"];

const stay = (state: GreetingCallState, reply: GreetingCallReply): GreetingCallOutcome => ({
  state,
  reply,
  commands: [],
});

/** After a save or an end the call only says goodbye; a repeated delivery changes nothing. */
function finished(state: GreetingCallState): GreetingCallOutcome {
  return stay(state, state.status === "saving" || state.status === "saved" ? "saved" : "over");
}

/**
 * The greeting call's next state, reply and commands for an event. Repeated deliveries land on a
 * state that already moved and answer as the first did, with no command.
 */
export function greetingCallStep(state: GreetingCallState, event: GreetingCallEvent): GreetingCallOutcome {
  if (event.kind === "ended") {
    if (FINISHED.includes(state.status)) return stay(state, "none");
    // Hung up before saving: nothing is kept, and the take goes from the carrier.
    const status = state.status === "calling" && event.callStatus !== "completed" ? "failed" : "cancelled";
    return {
      state: { status, take: null },
      reply: "none",
      commands: state.take ? [{ kind: "discard", recordingSid: state.take.recordingSid }] : [],
    };
  }
  if (FINISHED.includes(state.status)) return finished(state);
  switch (event.kind) {
    case "answered":
      return state.status === "recorded" && state.take
        ? stay(state, "review")
        : stay({ status: "recording", take: state.take }, "record");
    case "recorded": {
      if (state.take?.recordingSid === event.recordingSid) return stay(state, "review");
      const take = { recordingSid: event.recordingSid, recordingUrl: event.recordingUrl };
      return {
        state: { status: "recorded", take },
        reply: "review",
        // The take it replaces (recorded again) goes from the carrier.
        commands: state.take ? [{ kind: "discard", recordingSid: state.take.recordingSid }] : [],
      };
    }
    case "key": {
      if (state.status !== "recorded" || !state.take) return stay(state, "record");
      if (event.digits === "1")
        return {
          state: { ...state, status: "saving" },
          reply: "saved",
          commands: [{ kind: "save", take: state.take }],
        };
      if (event.digits === "2") return stay({ ...state, status: "recording" }, "record");
      return stay(state, event.round + 1 >= GREETING_MAX_REVIEWS ? "over" : "review");
    }
  }
}

const urlOf = (baseUrl: string, path: string, query: Record<string, string>) =>
  `${baseUrl}${path}?${new URLSearchParams(query)}`;

/** The greeting call's URLs, for the REST call that places it and for its TwiML. */
export function greetingCallUrls(baseUrl: string, id: string, round = 0) {
  return {
    start: urlOf(baseUrl, greetingCallPaths.start, { g: id }),
    recorded: urlOf(baseUrl, greetingCallPaths.recorded, { g: id }),
    choice: urlOf(baseUrl, greetingCallPaths.choice, { g: id, r: String(round) }),
    status: urlOf(baseUrl, greetingCallPaths.status, { g: id }),
  };
}

/** The review round a choice URL carries (0 to GREETING_MAX_REVIEWS). */
export const readReviewRound = (value: string | undefined) =>
  Math.max(0, Math.min(GREETING_MAX_REVIEWS, Number.parseInt(value ?? "0", 10) || 0));

/** The TwiML of a reply: the <Record>, the take played back with its <Gather>, or goodbye. */
export function renderGreetingCall(
  reply: GreetingCallReply,
  call: { baseUrl: string; id: string; take: GreetingCallTake | null; round?: number },
): string {
  const response = new VoiceResponse();
  const urls = greetingCallUrls(call.baseUrl, call.id, call.round ?? 0);
  switch (reply) {
    case "record":
      response.say(GREETING_CALL_MESSAGES.instructions);
      response.record({
        action: urls.recorded,
        method: "POST",
        maxLength: GREETING_MAX_SECONDS,
        playBeep: true,
        finishOnKey: "#",
        timeout: 5,
      });
      // An empty recording skips the action: the carrier goes on here.
      response.say(GREETING_CALL_MESSAGES.nothingHeard);
      response.redirect({ method: "POST" }, urls.start);
      break;
    case "review": {
      const gather = response.gather({
        input: ["dtmf"],
        numDigits: 1,
        timeout: 8,
        action: urls.choice,
        method: "POST",
        actionOnEmptyResult: true,
      });
      gather.say(GREETING_CALL_MESSAGES.review);
      if (call.take) gather.play(call.take.recordingUrl);
      gather.say(GREETING_CALL_MESSAGES.choose);
      break;
    }
    case "saved":
      response.say(GREETING_CALL_MESSAGES.saved);
      response.hangup();
      break;
    case "over":
      response.say(GREETING_CALL_MESSAGES.over);
      response.hangup();
      break;
    case "none":
      break;
  }
  return response.toString();
}
