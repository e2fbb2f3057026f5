import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { attachmentUpload, SUPPORT } from "./shared";

export const adminAttach = attachmentUpload(supportEndpoints.adminAttach, () => SUPPORT);
