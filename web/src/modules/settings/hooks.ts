import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api/context";
import { settingsApi } from "../../api/settings";
import { sessionKey } from "../../app/session";
import { toastError } from "../../ui/toast";

/** Seed 001: a failed settings change is a destructive toast with the server's message. */
export const failureToast = (title: string) => (error: Error) => toastError(title, error);

export const settingsKeys = {
  profile: ["settings", "profile"] as const,
  company: ["settings", "company"] as const,
  notifications: ["settings", "notifications"] as const,
  sessions: ["settings", "sessions"] as const,
  twoFactor: ["settings", "two-factor"] as const,
  destinations: ["settings", "destination-policy"] as const,
  recordingRetention: ["settings", "recording-retention"] as const,
};

export function useSettingsApi() {
  const api = useApi();
  return useMemo(() => settingsApi(api), [api]);
}

export function useProfile() {
  const api = useSettingsApi();
  return useQuery({ queryKey: settingsKeys.profile, queryFn: ({ signal }) => api.profile(signal) });
}

export function useCompany() {
  const api = useSettingsApi();
  return useQuery({ queryKey: settingsKeys.company, queryFn: ({ signal }) => api.company(signal) });
}

export function useNotificationPreferences() {
  const api = useSettingsApi();
  return useQuery({
    queryKey: settingsKeys.notifications,
    queryFn: ({ signal }) => api.notifications(signal),
  });
}

/** Where the account may call and text: its allowed countries, and the countries to choose from. */
export function useDestinationPolicy() {
  const api = useSettingsApi();
  return useQuery({
    queryKey: settingsKeys.destinations,
    queryFn: ({ signal }) => api.destinationPolicy(signal),
  });
}

/** How long the account's call recordings are kept (null: forever). */
export function useRecordingRetention() {
  const api = useSettingsApi();
  return useQuery({
    queryKey: settingsKeys.recordingRetention,
    queryFn: ({ signal }) => api.recordingRetention(signal),
  });
}

export function useActiveSessions() {
  const api = useSettingsApi();
  return useQuery({ queryKey: settingsKeys.sessions, queryFn: ({ signal }) => api.sessions(signal) });
}

export function useTwoFactorStatus() {
  const api = useSettingsApi();
  return useQuery({ queryKey: settingsKeys.twoFactor, queryFn: ({ signal }) => api.twoFactor(signal) });
}

/**
 * A settings change; afterwards the queries it touches are read again, the session too (the
 * user menu shows the name and avatar, the guards read two-factor authentication from it).
 */
export function useSettingsMutation<Input, Output>(
  fn: (input: Input) => Promise<Output>,
  touches: readonly (readonly string[])[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([...touches, sessionKey].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
