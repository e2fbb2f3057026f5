import type { authEndpoints, twoFactorEndpoints } from "@poundline/contracts/auth/endpoints";
import type { destinationEndpoints } from "@poundline/contracts/destinations/endpoints";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { recordingRetentionEndpoints } from "@poundline/contracts/recordings/endpoints";
import type { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import type { pushEndpoints } from "@poundline/contracts/settings/push-endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";
import { uploadFile } from "./upload";

type Endpoints = typeof settingsEndpoints;

export type Profile = SuccessOf<Endpoints["profile"]>;
export type CompanyResponse = SuccessOf<Endpoints["company"]>;
export type NotificationPreferences = SuccessOf<Endpoints["notifications"]>;
export type SessionList = SuccessOf<Endpoints["sessions"]>;
export type ActiveSession = SessionList["sessions"][number];
type TwoFactorEndpoints = typeof twoFactorEndpoints;
export type TwoFactorStatus = SuccessOf<TwoFactorEndpoints["status"]>;
export type TwoFactorSetup = SuccessOf<TwoFactorEndpoints["setup"]>;
export type RecoveryCodes = SuccessOf<TwoFactorEndpoints["enable"]>;
export type DestinationPolicy = SuccessOf<(typeof destinationEndpoints)["get"]>;
export type RecordingRetention = SuccessOf<(typeof recordingRetentionEndpoints)["get"]>;

/** The signed-in user's settings (packages/modules/src/settings) and two-factor authentication (auth). */
export const settingsApi = (api: ApiClient) => ({
  profile: (signal?: AbortSignal) => api.call(routes.settings.profile, { signal }),
  saveProfile: (body: CallInput<Endpoints["saveProfile"]>["body"]) =>
    api.call(routes.settings.saveProfile, { body }),
  changeEmail: (body: CallInput<Endpoints["changeEmail"]>["body"]) =>
    api.call(routes.settings.changeEmail, { body }),
  uploadAvatar: (file: File) => uploadFile<Profile>(routes.settings.uploadAvatar.path, file),
  removeAvatar: () => api.call(routes.settings.removeAvatar),
  company: (signal?: AbortSignal) => api.call(routes.settings.company, { signal }),
  saveCompany: (body: CallInput<Endpoints["saveCompany"]>["body"]) =>
    api.call(routes.settings.saveCompany, { body }),
  notifications: (signal?: AbortSignal) => api.call(routes.settings.notifications, { signal }),
  saveNotifications: (body: NotificationPreferences) => api.call(routes.settings.saveNotifications, { body }),
  changePassword: (body: CallInput<(typeof authEndpoints)["changePassword"]>["body"]) =>
    api.call(routes.auth.changePassword, { body }),
  sessions: (signal?: AbortSignal) => api.call(routes.settings.sessions, { signal }),
  revokeSession: (id: string) => api.call(routes.settings.revokeSession, { params: { id } }),
  signOutEverywhere: (keepCurrent: boolean) =>
    api.call(routes.settings.signOutEverywhere, { body: { keepCurrent } }),
  twoFactor: (signal?: AbortSignal) => api.call(routes.twoFactor.status, { signal }),
  twoFactorSetup: (signal?: AbortSignal) => api.call(routes.twoFactor.setup, { signal }),
  enableTwoFactor: (body: CallInput<TwoFactorEndpoints["enable"]>["body"]) =>
    api.call(routes.twoFactor.enable, { body }),
  disableTwoFactor: (body: CallInput<TwoFactorEndpoints["disable"]>["body"]) =>
    api.call(routes.twoFactor.disable, { body }),
  destinationPolicy: (signal?: AbortSignal) => api.call(routes.destinations.get, { signal }),
  saveDestinationPolicy: (body: CallInput<(typeof destinationEndpoints)["save"]>["body"]) =>
    api.call(routes.destinations.save, { body }),
  recordingRetention: (signal?: AbortSignal) => api.call(routes.recordingRetention.get, { signal }),
  saveRecordingRetention: (body: CallInput<(typeof recordingRetentionEndpoints)["save"]>["body"]) =>
    api.call(routes.recordingRetention.save, { body }),
  pushKey: (signal?: AbortSignal) => api.call(routes.push.key, { signal }),
  pushSubscribe: (body: CallInput<(typeof pushEndpoints)["subscribe"]>["body"]) =>
    api.call(routes.push.subscribe, { body }),
  pushUnsubscribe: (endpoint: string) => api.call(routes.push.unsubscribe, { query: { endpoint } }),
  regenerateRecoveryCodes: (code: string) => api.call(routes.twoFactor.recoveryCodes, { body: { code } }),
});

/** The second step of sign-in (the session the password opened, and a code or a recovery code). */
export const verifyTwoFactor = (api: ApiClient, body: CallInput<TwoFactorEndpoints["verify"]>["body"]) =>
  api.call(routes.twoFactor.verify, { body });
