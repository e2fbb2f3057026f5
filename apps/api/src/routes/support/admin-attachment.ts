import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { attachmentDownload, SUPPORT } from "./shared";

export const adminAttachment = attachmentDownload(supportEndpoints.adminAttachment, () => SUPPORT);
