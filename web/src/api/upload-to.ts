import type { SuccessOf } from "@poundline/contracts/endpoint";
import { type ContractOf, pathOf } from "@poundline/contracts/route";
import { type CallInput, type KnownRoute, withQuery } from "./client";
import { uploadFile } from "./upload";

/**
 * Sends a file to an endpoint whose contract takes an `upload`: its method, path and query come
 * from the contract like `api.call`'s, so an endpoint that takes no file fails the typecheck.
 */
export function uploadTo<R extends KnownRoute>(
  route: R,
  input: CallInput<ContractOf<R>> & { upload: Blob },
): Promise<SuccessOf<ContractOf<R>>> {
  const { params, query } = input as { params?: Record<string, unknown>; query?: object };
  const path = withQuery(pathOf(route.path, params), query ?? {});
  return uploadFile(path, input.upload, route.method);
}
