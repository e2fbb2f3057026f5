import { greetingEndpoints } from "@poundline/contracts/greetings/endpoints";
import { handle } from "../../http/contract-route";
import { menuNotFound } from "../ivr/shared";
import { placeGreetingCall } from "./shared";

export const callIvrMenu = handle(greetingEndpoints.callIvrMenu, (request, reply) =>
  placeGreetingCall(
    request,
    reply,
    { type: "ivr_menu", id: request.params.id, slot: "voicemail" },
    request.body.phone,
    menuNotFound,
  ),
);
