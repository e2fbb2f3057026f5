import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSettingsApi } from "../settings/hooks";
import { readDevicePushState, subscribeDevice, unsubscribeDevice } from "./device-push";

const deviceKey = ["push", "this-device"] as const;

/** This browser's push state, and enabling or disabling push on it (the API keeps the device). */
export function useDevicePush() {
  const api = useSettingsApi();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: deviceKey,
    queryFn: readDevicePushState,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: deviceKey });
  const enable = useMutation({
    mutationFn: async () => {
      const { publicKey } = await api.pushKey();
      const subscription = await subscribeDevice(publicKey);
      if (!subscription) return "denied" as const;
      await api.pushSubscribe(subscription);
      return "on" as const;
    },
    onSettled: refresh,
  });
  const disable = useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeDevice();
      // The server forgets it too (a 404: it had forgotten already).
      if (endpoint) await api.pushUnsubscribe(endpoint).catch(() => undefined);
    },
    onSettled: refresh,
  });
  return { state, enable, disable };
}
