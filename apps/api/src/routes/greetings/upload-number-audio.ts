import { greetingEndpoints } from "@poundline/contracts/greetings/endpoints";
import { handle } from "../../http/contract-route";
import { numberGreeting, setGreetingAudio } from "./shared";

export const uploadNumberAudio = handle(greetingEndpoints.uploadNumberAudio, (request) =>
  setGreetingAudio(request, numberGreeting(request.params)),
);
