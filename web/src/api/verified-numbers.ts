import type {
  addVerifiedNumberBodySchema,
  confirmCodeBodySchema,
  sendCodeBodySchema,
  verifiedNumberListSchema,
  verifiedNumberSchema,
} from "@poundline/api/verified-numbers/schemas";
import type { z } from "zod";
import type { ApiClient } from "./client";

/** What the API answers, as JSON carries it (dates as ISO strings). */
type Json<Schema extends z.ZodType> = z.input<Schema>;

export type VerifiedNumber = Json<typeof verifiedNumberSchema>;
export type VerifiedNumberList = Json<typeof verifiedNumberListSchema>;
export type AddVerifiedNumberInput = z.input<typeof addVerifiedNumberBodySchema>;

const path = (id: string) => `/api/verified-numbers/${encodeURIComponent(id)}`;

/** The verified numbers endpoints (services/api/src/verified-numbers). */
export const verifiedNumbersApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.send<VerifiedNumberList>("GET", "/api/verified-numbers", { signal }),
  add: (body: AddVerifiedNumberInput) => api.send<VerifiedNumber>("POST", "/api/verified-numbers", { body }),
  sendCode: (id: string, body: z.input<typeof sendCodeBodySchema>) =>
    api.send<VerifiedNumber>("POST", `${path(id)}/code`, { body }),
  confirm: (id: string, body: z.input<typeof confirmCodeBodySchema>) =>
    api.send<VerifiedNumber>("POST", `${path(id)}/verify`, { body }),
  remove: (id: string) => api.send<null>("DELETE", path(id)),
});
