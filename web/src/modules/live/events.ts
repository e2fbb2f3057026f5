import type { LiveEvent } from "@poundline/platform/events/live";

/** A frame of the live websocket: a live event with its time, or the server's hello. */
export type LiveFrame = (LiveEvent & { at: string }) | { type: "hello"; at: string };

/** Seed 001's reconnection delays; the last one repeats until the socket is back. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

/** The wait before reconnection attempt `attempt` (0 for the first). */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
}

/** The query key prefixes an event makes stale (CONSOLE-BRIEF: lists update live). */
export function staleKeysOf(event: LiveFrame): string[][] {
  switch (event.type) {
    case "call.updated":
      return [["calls"], ["dashboard"], ["analytics"], ["unread"], ["people", "presence"]];
    case "message.received":
      return [["messages"], ["unread"], ["contacts"], ["inbox", "bell"]];
    case "message.status":
      return [["messages"], ["unread"], ["contacts"]];
    case "voicemail.created":
    case "voicemail.updated":
      return [["voicemails"], ["unread"], ["dashboard"], ["inbox", "bell"]];
    case "inbox.updated":
      return [["inbox"], ["messages", "conversations"], ["voicemails"]];
    case "notification.created":
      return [["inbox", "bell"]];
    case "call.room":
      // Every room the console shows: a call placed from the browser names its room by its own CallSid.
      return [["call-room"]];
    case "presence.changed":
      return [["people", "presence"]];
    case "queue.changed":
      return [["calls", "waiting"]];
    default:
      return [];
  }
}

/** Every key the live events touch: refetched after a reconnect, to catch up what was missed. */
export const CATCH_UP_KEYS = [
  ["calls"],
  ["dashboard"],
  ["analytics"],
  ["unread"],
  ["messages"],
  ["contacts"],
  ["voicemails"],
  ["inbox"],
  ["people", "presence"],
];

/** The toast an event deserves, if any: incoming calls, texts and voicemails. */
export function toastOf(event: LiveFrame): { id: string; title: string; description: string } | null {
  switch (event.type) {
    case "call.updated":
      return event.direction === "inbound" && event.status === "ringing"
        ? { id: `call:${event.callSid}`, title: "Incoming call", description: `From ${event.from}` }
        : null;
    case "message.received":
      return {
        id: `text:${event.messageSid}`,
        title: "New text message",
        description: `From ${event.from}: ${event.body.slice(0, 80)}`,
      };
    case "voicemail.created":
      return {
        id: `voicemail:${event.recordingSid}`,
        title: "New voicemail",
        description: `From ${event.from}`,
      };
    default:
      return null;
  }
}

/** The websocket URL of /api/live on the page's own host. */
export function liveUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/live`;
}
