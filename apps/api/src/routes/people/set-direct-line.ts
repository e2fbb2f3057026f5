import { AppError } from "@poundline/contracts/errors";
import { peopleEndpoints } from "@poundline/contracts/people/endpoints";
import { peopleMessages } from "@poundline/contracts/people/schemas";
import { setDirectLine as assign, listMembers } from "@poundline/modules/people/people";
import { handle } from "../../http/contract-route";
import { me, routingChanged } from "./shared";

const refusals = {
  member_not_found: () => new AppError("NOT_FOUND", peopleMessages.memberNotFound),
  number_not_found: () =>
    new AppError("NOT_FOUND", peopleMessages.numberNotFound, {
      directNumberId: [peopleMessages.numberNotFound],
    }),
  extension_not_found: () =>
    new AppError("NOT_FOUND", peopleMessages.extensionNotFound, {
      extensionId: [peopleMessages.extensionNotFound],
    }),
  number_taken: () =>
    new AppError("CONFLICT", peopleMessages.numberTaken, { directNumberId: [peopleMessages.numberTaken] }),
  extension_taken: () =>
    new AppError("CONFLICT", peopleMessages.extensionTaken, { extensionId: [peopleMessages.extensionTaken] }),
} as const;

export const setDirectLine = handle(peopleEndpoints.setDirectLine, async (request) => {
  const { db, accountId } = me(request);
  const { id: userId } = request.params;
  const result = await assign(db, accountId, userId, request.body);
  if (!result.ok) throw refusals[result.reason]();
  // The number and the extension now ring the member.
  await routingChanged(request);
  const [member] = await listMembers(db, accountId, request.server.deps.clock(), userId);
  if (!member) throw refusals.member_not_found();
  return member;
});
