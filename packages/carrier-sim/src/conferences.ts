/**
 * The carrier's conferences, per sim: a call executing `<Dial><Conference>` joins the named room
 * (made on first join) and stays until it is removed, the room ends, or the call is hung up or
 * redirected. Participants are held (they hear the hold music and are not heard) and muted through
 * the REST API; one with `endConferenceOnExit` ends the room as it leaves, and so does the last
 * one. Time here is real: people in a room talk as long as they do.
 */
import { newSid } from "./sids";

/** Why a participant's stay in the room ended. */
export type LeftBecause = "removed" | "conference-ended" | "hangup";

export interface Participant {
  callSid: string;
  label: string | null;
  hold: boolean;
  holdUrl: string | null;
  muted: boolean;
  endConferenceOnExit: boolean;
  dateCreated: Date;
  dateUpdated: Date;
  /** Resolves when the participant is out of the room, and why. */
  readonly left: Promise<LeftBecause>;
}

export type EndReason =
  | "conference-ended-via-api"
  | "participant-with-end-conference-on-exit-left"
  | "participant-with-end-conference-on-exit-kicked"
  | "last-participant-kicked"
  | "last-participant-left";

export interface Conference {
  sid: string;
  friendlyName: string;
  status: "init" | "in-progress" | "completed";
  /** Why it ended, and the call whose leaving ended it (null: ended through the API). */
  ended?: { reason: EndReason; callSid: string | null };
  dateCreated: Date;
  dateUpdated: Date;
  /** `<Conference record="record-from-start">`: recorded from the first such join to the room's end. */
  recording?: ConferenceRecording;
}

/** A room's recording and where its status goes; handed out once when the room has ended. */
export interface ConferenceRecording {
  startedAt: Date;
  callbackUrl: string;
  callbackMethod: "GET" | "POST";
  taken?: boolean;
}

interface Seat {
  participant: Participant;
  resolve(because: LeftBecause): void;
}

interface Room {
  conference: Conference;
  seats: Map<string, Seat>;
}

export type ParticipantOptions = Partial<
  Pick<Participant, "label" | "hold" | "holdUrl" | "muted" | "endConferenceOnExit">
>;

export class ConferenceRegistry {
  private readonly rooms = new Map<string, Room>();
  private readonly ended = new Map<string, Conference>();

  constructor(private readonly now: () => Date) {}

  /** A room, open or ended, by its sid or its name (the carrier takes either in its paths). */
  find(sidOrName: string): Conference | undefined {
    return this.room(sidOrName)?.conference ?? this.ended.get(sidOrName);
  }

  participants(sidOrName: string): Participant[] {
    return [...(this.room(sidOrName)?.seats.values() ?? [])].map((seat) => seat.participant);
  }

  participant(sidOrName: string, callSid: string): Participant | undefined {
    return this.room(sidOrName)?.seats.get(callSid)?.participant;
  }

  /** The call joins the room `name` (made if needed); `left` says when and why its stay ends. */
  join(name: string, callSid: string, options: ParticipantOptions = {}): Participant {
    const room = this.openRoom(name);
    this.unseat(room, callSid, "removed");
    let resolve: (because: LeftBecause) => void = () => {};
    const left = new Promise<LeftBecause>((done) => {
      resolve = done;
    });
    const now = this.now();
    const participant: Participant = {
      callSid,
      label: options.label ?? null,
      hold: options.hold ?? false,
      holdUrl: options.holdUrl ?? null,
      muted: options.muted ?? false,
      endConferenceOnExit: options.endConferenceOnExit ?? false,
      dateCreated: now,
      dateUpdated: now,
      left,
    };
    room.seats.set(callSid, { participant, resolve });
    room.conference.status = "in-progress";
    room.conference.dateUpdated = now;
    return participant;
  }

  /** Starts the room's recording, unless it is recording already. */
  startRecording(name: string, callback: Pick<ConferenceRecording, "callbackUrl" | "callbackMethod">): void {
    const conference = this.room(name)?.conference;
    if (conference && !conference.recording) conference.recording = { startedAt: this.now(), ...callback };
  }

  /** An ended room's recording with its length in seconds, once (whoever asks first delivers it). */
  takeRecording(sid: string): { recording: ConferenceRecording; seconds: number } | undefined {
    const conference = this.ended.get(sid);
    const recording = conference?.recording;
    if (!conference || !recording || recording.taken) return undefined;
    recording.taken = true;
    const seconds = (conference.dateUpdated.getTime() - recording.startedAt.getTime()) / 1000;
    return { recording, seconds: Math.max(1, Math.round(seconds)) };
  }

  /** REST update of a participant: hold (with its music) and mute. */
  update(
    sidOrName: string,
    callSid: string,
    change: Partial<Pick<Participant, "hold" | "holdUrl" | "muted">>,
  ) {
    const participant = this.participant(sidOrName, callSid);
    if (participant) Object.assign(participant, change, { dateUpdated: this.now() });
    return participant;
  }

  /** The participant leaves (REST delete, or its call hung up). False when it was not there. */
  leave(sidOrName: string, callSid: string, because: LeftBecause = "removed"): boolean {
    const room = this.room(sidOrName);
    return room ? this.unseat(room, callSid, because) : false;
  }

  /** Ends the room (REST Status=completed): everyone in it leaves. */
  end(sidOrName: string): boolean {
    const room = this.room(sidOrName);
    if (room) this.close(room, { reason: "conference-ended-via-api", callSid: null });
    return Boolean(room);
  }

  clear(): void {
    for (const room of [...this.rooms.values()])
      this.close(room, { reason: "conference-ended-via-api", callSid: null });
    this.ended.clear();
  }

  private unseat(room: Room, callSid: string, because: LeftBecause): boolean {
    const seat = room.seats.get(callSid);
    if (!seat) return false;
    room.seats.delete(callSid);
    seat.resolve(because);
    room.conference.dateUpdated = this.now();
    const kicked = because === "removed";
    if (seat.participant.endConferenceOnExit)
      this.close(room, {
        reason: kicked
          ? "participant-with-end-conference-on-exit-kicked"
          : "participant-with-end-conference-on-exit-left",
        callSid,
      });
    else if (room.seats.size === 0)
      this.close(room, { reason: kicked ? "last-participant-kicked" : "last-participant-left", callSid });
    return true;
  }

  private close(room: Room, ended: NonNullable<Conference["ended"]>): void {
    if (room.conference.status === "completed") return;
    room.conference.status = "completed";
    room.conference.ended = ended;
    room.conference.dateUpdated = this.now();
    this.rooms.delete(room.conference.friendlyName);
    this.ended.set(room.conference.sid, room.conference);
    for (const seat of [...room.seats.values()]) seat.resolve("conference-ended");
    room.seats.clear();
  }

  private openRoom(name: string): Room {
    const existing = this.rooms.get(name);
    if (existing) return existing;
    const now = this.now();
    const room: Room = {
      conference: {
        sid: newSid("CF"),
        friendlyName: name,
        status: "init",
        dateCreated: now,
        dateUpdated: now,
      },
      seats: new Map(),
    };
    this.rooms.set(name, room);
    return room;
  }

  private room(sidOrName: string): Room | undefined {
    return this.rooms.get(sidOrName) ?? [...this.rooms.values()].find((r) => r.conference.sid === sidOrName);
  }
}
