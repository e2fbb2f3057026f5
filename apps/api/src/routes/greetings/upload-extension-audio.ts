import { greetingEndpoints } from "@poundline/contracts/greetings/endpoints";
import { handle } from "../../http/contract-route";
import { extensionGreeting, setGreetingAudio } from "./shared";

export const uploadExtensionAudio = handle(greetingEndpoints.uploadExtensionAudio, (request) =>
  setGreetingAudio(request, extensionGreeting(request.params)),
);
