import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { attachmentDownload, customerOf } from "./shared";

export const attachment = attachmentDownload(supportEndpoints.attachment, customerOf);
