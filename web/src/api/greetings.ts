import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { greetingEndpoints } from "@poundline/contracts/greetings/endpoints";
import { pathOf } from "@poundline/contracts/route";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";
import { uploadFile } from "./upload";

type Endpoints = typeof greetingEndpoints;

export type Greeting = SuccessOf<Endpoints["setNumberText"]>;
export type GreetingList = SuccessOf<Endpoints["list"]>;
export type GreetingTextBody = CallInput<Endpoints["setNumberText"]>["body"];
export type GreetingCall = SuccessOf<Endpoints["getCall"]>;
export type GreetingSlot = Greeting["slot"];

/** Whose greeting: a number's slot, an extension's voicemail, an IVR menu (record by phone only here). */
export type GreetingTarget =
  | { type: "number"; numberId: string; slot: GreetingSlot }
  | { type: "extension"; extensionId: string }
  | { type: "ivr_menu"; menuId: string };

/** Greetings (packages/contracts/src/greetings/endpoints.ts). */
export const greetingsApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.call(routes.greetings.list, { signal }),
  setText: (target: Exclude<GreetingTarget, { type: "ivr_menu" }>, body: GreetingTextBody) =>
    target.type === "number"
      ? api.call(routes.greetings.setNumberText, {
          params: { numberId: target.numberId, slot: target.slot },
          body,
        })
      : api.call(routes.greetings.setExtensionText, { params: { id: target.extensionId }, body }),
  /** The recording's bytes (an uploaded file, or the WAV recorded in the browser). */
  upload: (target: Exclude<GreetingTarget, { type: "ivr_menu" }>, file: Blob) =>
    uploadFile<Greeting>(
      target.type === "number"
        ? pathOf(routes.greetings.uploadNumberAudio.path, { numberId: target.numberId, slot: target.slot })
        : pathOf(routes.greetings.uploadExtensionAudio.path, { id: target.extensionId }),
      file,
    ),
  remove: (target: Exclude<GreetingTarget, { type: "ivr_menu" }>) =>
    target.type === "number"
      ? api.call(routes.greetings.removeNumber, { params: { numberId: target.numberId, slot: target.slot } })
      : api.call(routes.greetings.removeExtension, { params: { id: target.extensionId } }),
  /** Record by phone: the carrier calls `phone`. */
  callMe: (target: GreetingTarget, phone: string) => {
    const body = { phone };
    switch (target.type) {
      case "number":
        return api.call(routes.greetings.callNumber, {
          params: { numberId: target.numberId, slot: target.slot },
          body,
        });
      case "extension":
        return api.call(routes.greetings.callExtension, { params: { id: target.extensionId }, body });
      case "ivr_menu":
        return api.call(routes.greetings.callIvrMenu, { params: { id: target.menuId }, body });
    }
  },
  getCall: (id: string, signal?: AbortSignal) =>
    api.call(routes.greetings.getCall, { params: { id }, signal }),
});
