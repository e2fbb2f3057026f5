import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { attachmentUpload, customerOf } from "./shared";

export const attach = attachmentUpload(supportEndpoints.attach, customerOf);
