import { create } from "zustand";
import type { OutgoingCallParams, SoftphoneCall, SoftphoneDevice } from "./device";

/** Offline: no device, or the carrier (or sim) lost it; connecting: registering; ready: calls ring here. */
export type DeviceStatus = "offline" | "connecting" | "ready";

/** Where the call on the softphone is: placed or answered, ringing the other side, talking, over. */
export type CallPhase = "connecting" | "ringing" | "open" | "ended";

export interface CurrentCall {
  call: SoftphoneCall;
  phase: CallPhase;
  /** When it was connected (ms since the epoch): the timer counts from here. */
  startedAt: number | null;
  endedAt: number | null;
}

/** Client state of the console's softphone: its device, the call on it and the call ringing it. */
interface SoftphoneState {
  device: SoftphoneDevice | null;
  status: DeviceStatus;
  /** Why the softphone is offline, or what the last call's failure was. */
  error: string | null;
  /** A call ringing this browser, waiting for Answer or Decline. */
  incoming: SoftphoneCall | null;
  current: CurrentCall | null;
  muted: boolean;
  panelOpen: boolean;
  /** Notes typed on the call wait for its log: the ended call stays shown until they are saved. */
  notesWaiting: boolean;
}

const initial: SoftphoneState = {
  device: null,
  status: "offline",
  error: null,
  incoming: null,
  current: null,
  muted: false,
  panelOpen: false,
  notesWaiting: false,
};

export const useSoftphoneStore = create<SoftphoneState>(() => initial);

const set = useSoftphoneStore.setState;
const get = useSoftphoneStore.getState;

export const isLive = (current: CurrentCall | null) => current !== null && current.phase !== "ended";

/** Follows a call the softphone holds until it ends (it then stays shown, ended, for its notes). */
function track(call: SoftphoneCall, phase: CallPhase, now: () => number) {
  set({ current: { call, phase, startedAt: null, endedAt: null }, muted: call.isMuted(), error: null });
  const update = (change: Partial<CurrentCall>) => {
    const { current } = get();
    if (current?.call === call) set({ current: { ...current, ...change } });
  };
  call.on("ringing", () => update({ phase: "ringing" }));
  call.on("accept", () => update({ phase: "open", startedAt: now() }));
  call.on("mute", (muted) => {
    if (get().current?.call === call) set({ muted });
  });
  const ended = () => {
    update({ phase: "ended", endedAt: now() });
    if (get().current?.call === call) set({ muted: false });
  };
  call.on("disconnect", ended);
  call.on("cancel", ended);
  call.on("reject", ended);
  call.on("error", (error) => {
    if (get().current?.call === call) set({ error: error.message });
  });
}

/** A call rings this browser: it shows until answered, declined, or it stops ringing. */
function offer(call: SoftphoneCall) {
  set({ incoming: call });
  const gone = () => {
    if (get().incoming === call) set({ incoming: null });
  };
  call.on("cancel", gone);
  call.on("reject", gone);
  call.on("disconnect", gone);
  call.on("accept", gone);
}

/** The clock of the call timers (tests give their own through adoptDevice). */
let clock: () => number = Date.now;

/** The device the console now uses: its events drive the store. */
export function adoptDevice(device: SoftphoneDevice, now: () => number = Date.now) {
  clock = now;
  set({ device, status: "connecting", error: null });
  device.on("registered", () => set({ status: "ready", error: null }));
  device.on("unregistered", () => set({ status: "offline" }));
  device.on("error", (error) => set({ error: error.message }));
  device.on("incoming", offer);
}

/** The device is gone (signed out, or the layout left): nothing rings, nothing is held. */
export function dropDevice(reason: string | null = null) {
  set({ ...initial, panelOpen: get().panelOpen, error: reason });
}

export function setOffline(reason: string) {
  set({ status: "offline", error: reason });
}

export function openPanel() {
  set({ panelOpen: true });
}

export function closePanel() {
  set({ panelOpen: false });
}

/** Answers the ringing call (a call already on the softphone is hung up first). */
export function answer() {
  const { incoming, current } = get();
  if (!incoming) return;
  if (isLive(current)) current?.call.disconnect();
  track(incoming, "connecting", clock);
  set({ incoming: null, panelOpen: true });
  incoming.accept();
}

/** Turns the ringing call down: the route goes on to the next member or voicemail. */
export function decline() {
  get().incoming?.reject();
}

/** Places a call from this browser; the panel opens to show it. False when it could not be placed. */
export async function placeCall(params: OutgoingCallParams): Promise<boolean> {
  const { device, status, current } = get();
  set({ panelOpen: true });
  if (isLive(current)) {
    set({ error: "Hang up the current call first." });
    return false;
  }
  if (!device || status !== "ready") {
    set({ error: "The phone is offline: calls can be placed once it is ready." });
    return false;
  }
  try {
    track(await device.connect({ params }), "connecting", clock);
    return true;
  } catch (error) {
    set({ error: error instanceof Error ? error.message : "The call could not be placed." });
    return false;
  }
}

export function hangUp() {
  get().current?.call.disconnect();
}

export function setMuted(muted: boolean) {
  const { current } = get();
  if (current?.phase !== "open") return;
  current.call.mute(muted);
  set({ muted: current.call.isMuted() });
}

export function sendDigits(digits: string) {
  const { current } = get();
  if (current?.phase === "open") current.call.sendDigits(digits);
}

/** Leaves an ended call's summary for the dialer. */
export function dismissEndedCall() {
  if (get().current?.phase === "ended" && !get().notesWaiting) set({ current: null, error: null });
}

/** Whether notes typed on the call are waiting for its log (Done waits for them). */
export function setNotesWaiting(notesWaiting: boolean) {
  set({ notesWaiting });
}
