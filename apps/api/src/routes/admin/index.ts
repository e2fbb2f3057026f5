import { endpointRoutes } from "../../http/contract-route";
import { auditActions } from "./audit-log/audit-actions";
import { auditLog } from "./audit-log/audit-log";
import { content } from "./content/content";
import { contentEntry } from "./content/content-entry";
import { createContent } from "./content/create-content";
import { deleteContent } from "./content/delete-content";
import { updateContent } from "./content/update-content";
import { createUser } from "./create-user";
import { dashboard } from "./dashboard";
import { deleteUser } from "./delete-user";
import { disableUser } from "./disable-user";
import { email } from "./email";
import { emails } from "./emails";
import { enableUser } from "./enable-user";
import { grantAdmin } from "./grant-admin";
import { failedJobs } from "./jobs/failed-jobs";
import { retryJob } from "./jobs/retry-job";
import { requests } from "./requests/requests";
import { setRequestStatus } from "./requests/set-request-status";
import { revokeAdmin } from "./revoke-admin";
import { updateUser } from "./update-user";
import { user } from "./user";
import { users } from "./users";

/**
 * The admin area's API, mounted at /api/admin: platform administrators only (every contract's
 * access is "admin": anonymous 401, non-admin 403, before validation). Bull Board's UI
 * (queue-board.ts) is mounted outside /api and has no contract.
 */
export const adminRoutes = endpointRoutes(
  failedJobs,
  retryJob,
  content,
  createContent,
  contentEntry,
  updateContent,
  deleteContent,
  requests,
  setRequestStatus,
  auditLog,
  auditActions,
  dashboard,
  users,
  createUser,
  user,
  updateUser,
  deleteUser,
  disableUser,
  enableUser,
  grantAdmin,
  revokeAdmin,
  emails,
  email,
);
