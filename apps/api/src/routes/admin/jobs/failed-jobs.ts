import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { handle } from "../../../http/contract-route";
import { listFailedJobs } from "./shared";

export const failedJobs = handle(adminEndpoints.failedJobs, async (request) => {
  const { query } = request;
  const page = await listFailedJobs(request.server.deps.db.db, query);
  return { ...page, limit: query.limit, offset: query.offset };
});
