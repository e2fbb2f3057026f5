import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { adminPortingEndpoints, portingEndpoints } from "@poundline/contracts/porting/endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof portingEndpoints;

export type PortInRequest = SuccessOf<Endpoints["read"]>;
export type Portability = SuccessOf<Endpoints["portability"]>["results"][number];
export type CreatePortInInput = CallInput<Endpoints["create"]>["body"];
export type AdminPortInRequest = SuccessOf<(typeof adminPortingEndpoints)["list"]>["requests"][number];

/** Port-in requests' endpoints (packages/contracts/src/porting/endpoints.ts). */
export const portingApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.call(routes.porting.list, { signal }),
  portability: (numbers: string[]) => api.call(routes.porting.portability, { body: { numbers } }),
  create: (body: CreatePortInInput) => api.call(routes.porting.create, { body }),
  cancel: (id: string) => api.call(routes.porting.cancel, { params: { id } }),
  adminList: (signal?: AbortSignal) => api.call(routes.adminPorting.list, { signal }),
});

/** Where the signed letter downloads from (a plain link: the browser sends the session cookie). */
export const letterUrl = (id: string) => routes.porting.letter.path.replace(":id", encodeURIComponent(id));
