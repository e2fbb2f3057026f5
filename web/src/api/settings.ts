import type {
  changePasswordBodySchema,
  disableTwoFactorBodySchema,
  enableTwoFactorBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  recoveryCodesResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
  verifyTwoFactorBodySchema,
} from "@poundline/api/auth/schemas";
import type { DestinationPolicyBody, DestinationPolicyView } from "@poundline/api/destinations/schemas";
import type {
  companyBodySchema,
  companyResponseSchema,
  emailChangeBodySchema,
  notificationPreferencesSchema,
  profileBodySchema,
  profileSchema,
  sessionsResponseSchema,
  settingsMessageSchema,
} from "@poundline/api/settings/schemas";
import type { z } from "zod";
import type { ApiClient } from "./client";
import { uploadFile } from "./upload";

export type Profile = z.output<typeof profileSchema>;
export type CompanyResponse = z.output<typeof companyResponseSchema>;
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;
export type SessionList = z.output<typeof sessionsResponseSchema>;
export type ActiveSession = SessionList["sessions"][number];
export type TwoFactorStatus = z.output<typeof twoFactorStatusSchema>;
export type TwoFactorSetup = z.output<typeof twoFactorSetupResponseSchema>;
export type RecoveryCodes = z.output<typeof recoveryCodesResponseSchema>;
type Message = z.output<typeof settingsMessageSchema>;
export type DestinationPolicy = DestinationPolicyView;

const sessionPath = (id: string) => `/api/settings/sessions/${encodeURIComponent(id)}`;

/** The signed-in user's settings (services/api/src/settings) and two-factor authentication (auth). */
export const settingsApi = (api: ApiClient) => ({
  profile: (signal?: AbortSignal) => api.send<Profile>("GET", "/api/settings/profile", { signal }),
  saveProfile: (body: z.input<typeof profileBodySchema>) =>
    api.send<Profile>("PUT", "/api/settings/profile", { body }),
  changeEmail: (body: z.input<typeof emailChangeBodySchema>) =>
    api.send<Message>("POST", "/api/settings/email", { body }),
  uploadAvatar: (file: File) => uploadFile<Profile>("/api/settings/avatar", file),
  removeAvatar: () => api.send<Profile>("DELETE", "/api/settings/avatar"),
  company: (signal?: AbortSignal) => api.send<CompanyResponse>("GET", "/api/settings/company", { signal }),
  saveCompany: (body: z.input<typeof companyBodySchema>) =>
    api.send<CompanyResponse>("PUT", "/api/settings/company", { body }),
  notifications: (signal?: AbortSignal) =>
    api.send<NotificationPreferences>("GET", "/api/settings/notifications", { signal }),
  saveNotifications: (body: NotificationPreferences) =>
    api.send<NotificationPreferences>("PUT", "/api/settings/notifications", { body }),
  changePassword: (body: z.input<typeof changePasswordBodySchema>) =>
    api.send<z.output<typeof messageResponseSchema>>("POST", "/api/auth/change-password", { body }),
  sessions: (signal?: AbortSignal) => api.send<SessionList>("GET", "/api/settings/sessions", { signal }),
  revokeSession: (id: string) => api.send<Message>("DELETE", sessionPath(id)),
  signOutEverywhere: (keepCurrent: boolean) =>
    api.send<Message>("POST", "/api/settings/sessions/sign-out-everywhere", { body: { keepCurrent } }),
  twoFactor: (signal?: AbortSignal) => api.send<TwoFactorStatus>("GET", "/api/auth/two-factor", { signal }),
  twoFactorSetup: (signal?: AbortSignal) =>
    api.send<TwoFactorSetup>("GET", "/api/auth/two-factor/setup", { signal }),
  enableTwoFactor: (body: z.input<typeof enableTwoFactorBodySchema>) =>
    api.send<RecoveryCodes>("POST", "/api/auth/two-factor/enable", { body }),
  disableTwoFactor: (body: z.input<typeof disableTwoFactorBodySchema>) =>
    api.send<Message>("POST", "/api/auth/two-factor/disable", { body }),
  destinationPolicy: (signal?: AbortSignal) =>
    api.send<DestinationPolicy>("GET", "/api/destination-policy", { signal }),
  saveDestinationPolicy: (body: DestinationPolicyBody) =>
    api.send<DestinationPolicy>("PUT", "/api/destination-policy", { body }),
  regenerateRecoveryCodes: (code: string) =>
    api.send<RecoveryCodes>("POST", "/api/auth/two-factor/recovery-codes", { body: { code } }),
});

/** The second step of sign-in (the session the password opened, and a code or a recovery code). */
export const verifyTwoFactor = (api: ApiClient, body: z.input<typeof verifyTwoFactorBodySchema>) =>
  api.send<z.output<typeof loginResponseSchema>>("POST", "/api/auth/two-factor/verify", { body });
