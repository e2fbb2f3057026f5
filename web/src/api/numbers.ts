import type {
  availableListSchema,
  availableQuerySchema,
  buyNumberBodySchema,
  emergencyAddressBodySchema,
  numberListSchema,
  numberRequestListSchema,
  phoneNumberSchema,
  updateNumberBodySchema,
} from "@poundline/api/numbers/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";

type Input<Schema extends z.ZodType> = z.input<Schema>;
/** What the API answers, as JSON carries it (dates as ISO strings). */
type Json<Schema extends z.ZodType> = z.input<Schema>;

export type PhoneNumber = Json<typeof phoneNumberSchema>;
export type NumberList = Json<typeof numberListSchema>;
export type AvailableNumber = Json<typeof availableListSchema>["numbers"][number];
export type AvailableQuery = Partial<z.output<typeof availableQuerySchema>>;
export type NumberRequest = Json<typeof numberRequestListSchema>["requests"][number];
export type EmergencyAddressInput = Input<typeof emergencyAddressBodySchema>;

const path = (id: string) => `/api/numbers/${encodeURIComponent(id)}`;

/** The phone numbers endpoints (services/api/src/numbers). */
export const numbersApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.send<NumberList>("GET", "/api/numbers", { signal }),
  requests: (signal?: AbortSignal) =>
    api.send<Json<typeof numberRequestListSchema>>("GET", "/api/numbers/requests", { signal }),
  available: (query: AvailableQuery, signal?: AbortSignal) =>
    api.send<Json<typeof availableListSchema>>("GET", withQuery("/api/numbers/available", query), { signal }),
  buy: (body: Input<typeof buyNumberBodySchema>) => api.send<PhoneNumber>("POST", "/api/numbers", { body }),
  rename: (id: string, body: Input<typeof updateNumberBodySchema>) =>
    api.send<PhoneNumber>("PATCH", path(id), { body }),
  release: (id: string) => api.send<null>("DELETE", path(id)),
  setEmergencyAddress: (id: string, body: EmergencyAddressInput) =>
    api.send<PhoneNumber>("PUT", `${path(id)}/e911`, { body }),
});
