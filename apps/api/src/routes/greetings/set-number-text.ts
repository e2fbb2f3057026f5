import { greetingEndpoints } from "@poundline/contracts/greetings/endpoints";
import { handle } from "../../http/contract-route";
import { numberGreeting, setGreetingText } from "./shared";

export const setNumberText = handle(greetingEndpoints.setNumberText, (request) =>
  setGreetingText(request, numberGreeting(request.params), request.body),
);
