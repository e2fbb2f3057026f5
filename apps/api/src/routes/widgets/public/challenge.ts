import { widgetPublicEndpoints } from "@poundline/contracts/widgets/endpoints";
import { findIntakeWidget } from "@poundline/modules/widgets/intake";
import { issueChallenge } from "@poundline/modules/widgets/proof-of-work";
import { handle } from "../../../http/contract-route";
import { widgetNotFound } from "../shared";
import { grantOrigin, intakeOf, originRefused, tooMany } from "./shared";

export const challenge = handle(widgetPublicEndpoints.challenge, async (request, reply) => {
  const { db, clock } = request.server.deps;
  const { limiter, secret, difficulty } = intakeOf(request);
  const widget = await findIntakeWidget(db.db, request.params.publicKey);
  if (!widget) throw widgetNotFound();
  if (!grantOrigin(request, reply, widget.allowedOrigins)) throw originRefused();
  const limit = await limiter.challenge(request.ip);
  if (!limit.ok) throw tooMany(limit);
  return reply
    .status(201)
    .send(issueChallenge({ secret, widgetKey: request.params.publicKey, now: clock(), difficulty }));
});
