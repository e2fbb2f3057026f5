import { verifiedNumberEndpoints } from "@poundline/contracts/verified-numbers/endpoints";
import { confirmCode } from "@poundline/modules/verified-numbers/verify";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { confirmAnswer } from "./shared";

export const confirm = handle(verifiedNumberEndpoints.confirm, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  const number = confirmAnswer(
    await confirmCode({ db: db.db, clock }, account.id, request.params.id, request.body.code),
  );
  // An unpaid trial's forwards may now reach it.
  await routing.changed();
  return number;
});
