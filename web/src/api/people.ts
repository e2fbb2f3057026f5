import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { peopleEndpoints } from "@poundline/contracts/people/endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof peopleEndpoints;

export type Member = SuccessOf<Endpoints["list"]>["members"][number];
export type Availability = SuccessOf<Endpoints["getAvailability"]>["availability"];
export type WorkingHours = SuccessOf<Endpoints["getWorkingHours"]>;
export type WorkingHoursBody = CallInput<Endpoints["setWorkingHours"]>["body"];
export type DirectLineBody = CallInput<Endpoints["setDirectLine"]>["body"];
export type MemberPresence = SuccessOf<Endpoints["presence"]>["members"][number];

/** People in the routing (packages/contracts/src/people/endpoints.ts). */
export const peopleApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.call(routes.people.list, { signal }),
  availability: (signal?: AbortSignal) => api.call(routes.people.getAvailability, { signal }),
  setAvailability: (availability: Availability) =>
    api.call(routes.people.setAvailability, { body: { availability } }),
  workingHours: (signal?: AbortSignal) => api.call(routes.people.getWorkingHours, { signal }),
  setWorkingHours: (body: WorkingHoursBody) => api.call(routes.people.setWorkingHours, { body }),
  forwarding: (signal?: AbortSignal) => api.call(routes.people.getForwarding, { signal }),
  setForwarding: (forwardingPhone: string | null) =>
    api.call(routes.people.setForwarding, { body: { forwardingPhone } }),
  setDirectLine: (id: string, body: DirectLineBody) =>
    api.call(routes.people.setDirectLine, { params: { id }, body }),
  presence: (signal?: AbortSignal) => api.call(routes.people.presence, { signal }),
  joinedCall: (callSid: string) => api.call(routes.people.joinedCall, { body: { callSid } }),
  leftCall: (callSid: string) => api.call(routes.people.leftCall, { params: { callSid } }),
});
