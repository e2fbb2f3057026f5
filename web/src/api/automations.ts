import type { automationEndpoints } from "@poundline/contracts/automations/endpoints";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof automationEndpoints;

export type NumberAutomations = SuccessOf<Endpoints["numberAutomations"]>;
export type TextTemplateList = SuccessOf<Endpoints["templates"]>;
export type TextTemplate = SuccessOf<Endpoints["createTemplate"]>;
export type ScheduledTextList = SuccessOf<Endpoints["scheduledTexts"]>;
export type AccountScheduledTextList = SuccessOf<Endpoints["allScheduledTexts"]>;
export type AccountScheduledText = AccountScheduledTextList["texts"][number];

/** The automations endpoints (packages/contracts/src/automations/endpoints.ts). */
export const automationsApi = (api: ApiClient) => ({
  numberAutomations: (id: string, signal?: AbortSignal) =>
    api.call(routes.automations.numberAutomations, { params: { id }, signal }),
  saveNumberAutomations: (id: string, body: CallInput<Endpoints["saveNumberAutomations"]>["body"]) =>
    api.call(routes.automations.saveNumberAutomations, { params: { id }, body }),
  templates: (signal?: AbortSignal) => api.call(routes.automations.templates, { signal }),
  createTemplate: (body: CallInput<Endpoints["createTemplate"]>["body"]) =>
    api.call(routes.automations.createTemplate, { body }),
  deleteTemplate: (id: string) => api.call(routes.automations.deleteTemplate, { params: { id } }),
  scheduledTexts: (query: { from: string; to: string }, signal?: AbortSignal) =>
    api.call(routes.automations.scheduledTexts, { query, signal }),
  allScheduledTexts: (query: CallInput<Endpoints["allScheduledTexts"]>["query"], signal?: AbortSignal) =>
    api.call(routes.automations.allScheduledTexts, { query, signal }),
  scheduleText: (body: CallInput<Endpoints["scheduleText"]>["body"]) =>
    api.call(routes.automations.scheduleText, { body }),
  cancelScheduledText: (id: string) => api.call(routes.automations.cancelScheduledText, { params: { id } }),
});
