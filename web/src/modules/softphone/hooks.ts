import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useApi } from "../../api/context";
import type { ApiError } from "../../api/errors";
import { peopleApi } from "../../api/people";
import { type SoftphoneSettings, type SoftphoneToken, softphoneApi } from "../../api/softphone";
import { loggedCallSid, otherParty, type SoftphoneCall, type SoftphoneDevice } from "./device";
import { createSimDevice, simDeviceUrl } from "./sim-device";
import { adoptDevice, type CurrentCall, dropDevice, setOffline, useSoftphoneStore } from "./store";

export const softphoneKeys = {
  settings: ["softphone", "settings"] as const,
  card: (callSid: string) => ["softphone", "card", callSid] as const,
};

/** Ringing in this browser, and the caller IDs on offer. */
export function useSoftphoneSettings(enabled = true) {
  const api = softphoneApi(useApi());
  return useQuery({
    queryKey: softphoneKeys.settings,
    queryFn: ({ signal }) => api.settings(signal),
    enabled,
    staleTime: 60_000,
  });
}

export function useSetRingBrowser() {
  const api = softphoneApi(useApi());
  const queryClient = useQueryClient();
  return useMutation<SoftphoneSettings, ApiError, boolean>({
    mutationFn: api.setRingBrowser,
    onSuccess: (settings) => queryClient.setQueryData(softphoneKeys.settings, settings),
  });
}

/** While the call's log is not there yet (the carrier reports calls as they go), the card is asked again. */
const CARD_POLL_MS = 2000;

/**
 * The other party of a call on the softphone: contact, recent calls, and the call log's id for
 * notes. Null while the device has not named the call yet.
 */
export function useCallCard(call: SoftphoneCall | null) {
  const api = softphoneApi(useApi());
  const callSid = call ? loggedCallSid(call) : "";
  const number = call ? otherParty(call) : "";
  return useQuery({
    queryKey: softphoneKeys.card(callSid),
    queryFn: ({ signal }) => api.card(callSid, number, signal),
    enabled: Boolean(callSid),
    refetchInterval: (query) => (query.state.data && query.state.data.callId === null ? CARD_POLL_MS : false),
    staleTime: 30_000,
  });
}

/** How long before the token's end the console asks for the next one. */
export const RENEW_EARLY_MS = 60_000;
/** After a failed renewal, the next try. */
const RENEW_RETRY_MS = 15_000;

/** When to renew a token that ends at `expiresAt`: a minute early, or now if that has passed. */
export function renewDelay(expiresAt: string, now: number): number {
  return Math.max(0, Date.parse(expiresAt) - RENEW_EARLY_MS - now);
}

/** The carrier's SDK only for a carrier account, and then loaded on demand (its own chunk). */
async function deviceFor(token: SoftphoneToken): Promise<SoftphoneDevice> {
  if (token.mode === "simulator")
    return createSimDevice({ url: simDeviceUrl(window.location), token: token.token });
  const { createTwilioDevice } = await import("./twilio-device");
  return createTwilioDevice(token.token);
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : "The phone could not connect.";

/**
 * Started by the console's layout for members who may place calls: fetches the access token,
 * makes the device its mode names, registers it, and renews the token a minute before it ends.
 */
export function useSoftphoneDevice(enabled: boolean, accountId: string | null) {
  const api = softphoneApi(useApi());
  const token = useMutation({ mutationFn: api.token });
  const fetchToken = useRef(token.mutateAsync);
  fetchToken.current = token.mutateAsync;

  // biome-ignore lint/correctness/useExhaustiveDependencies: another account is another identity (a new token, a new device)
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let device: SoftphoneDevice | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const renewLater = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void renew(), ms);
    };
    async function renew() {
      try {
        const next = await fetchToken.current();
        if (stopped) return;
        device?.updateToken(next.token);
        renewLater(renewDelay(next.expiresAt, Date.now()));
      } catch {
        if (!stopped) renewLater(RENEW_RETRY_MS);
      }
    }
    async function start() {
      const first = await fetchToken.current();
      if (stopped) return;
      const made = await deviceFor(first);
      if (stopped) return made.destroy();
      device = made;
      adoptDevice(made);
      // The renewal below normally comes first; this is the device's own warning, should it fail.
      made.on("tokenWillExpire", () => void renew());
      renewLater(renewDelay(first.expiresAt, Date.now()));
      await made.register();
    }
    start().catch((error: unknown) => {
      if (!stopped) setOffline(messageOf(error));
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      device?.destroy();
      dropDevice();
    };
  }, [enabled, accountId]);
}

/**
 * Tells the team which call this softphone is on (their state reads On a call, the active calls
 * name them): the carrier reports a browser's leg only when it ends. Started with the device.
 */
export function useCallPresence(enabled: boolean) {
  const api = useApi();
  useEffect(() => {
    if (!enabled) return;
    const people = peopleApi(api);
    let reported: string | null = null;
    const leave = () => {
      if (reported) void people.leftCall(reported).catch(() => undefined);
      reported = null;
    };
    const follow = ({ current }: { current: CurrentCall | null }) => {
      const callSid = current?.phase === "open" ? loggedCallSid(current.call) : null;
      if (callSid === reported) return;
      leave();
      if (!callSid) return;
      reported = callSid;
      // Best effort: a lost report costs a wrong dot, never the call.
      void people.joinedCall(callSid).catch(() => undefined);
    };
    const unsubscribe = useSoftphoneStore.subscribe(follow);
    return () => {
      unsubscribe();
      leave();
    };
  }, [enabled, api]);
}
