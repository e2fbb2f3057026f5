import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { IVR_VOICES } from "@poundline/contracts/ivr/schemas";
import { handle } from "../../http/contract-route";

export const voices = handle(ivrEndpoints.voices, async () => IVR_VOICES);
