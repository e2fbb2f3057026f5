import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { profileOf } from "./shared";

export const profile = handle(settingsEndpoints.profile, async (request) =>
  profileOf(request, requireAuth(request).user.id),
);
