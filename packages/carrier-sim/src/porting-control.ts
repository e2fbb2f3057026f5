/**
 * The reviewer's side of porting, where a person decides at the real carrier: approve a port-in
 * request (its numbers then move on the sim's clock), complete it at once, or reject it. Only a
 * caller with every number in scope (the CLI, this machine) may decide.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { NumberScope } from "./control";
import { portInResource } from "./porting-routes";
import type { CarrierSim } from "./sim";

const decisionBody = {
  type: "object",
  additionalProperties: false,
  properties: {
    decision: { enum: ["approve", "complete", "reject"] },
    reason: { type: "string", minLength: 1, maxLength: 500 },
  },
  required: ["decision"],
} as const;

interface DecisionBody {
  decision: "approve" | "complete" | "reject";
  reason?: string;
}

class ReviewerOnly extends Error {
  statusCode = 403;
}

export function portingControlRoutes(
  app: FastifyInstance,
  sim: CarrierSim,
  scope: (request: FastifyRequest) => NumberScope,
) {
  app.post<{ Params: { sid: string }; Body: DecisionBody }>(
    "/sim/porting/:sid/decision",
    { schema: { body: decisionBody } },
    async (request, reply) => {
      if (scope(request) !== "all")
        throw new ReviewerOnly("Only the carrier's reviewer decides on a port-in");
      const { decision, reason } = request.body;
      const { porting } = sim;
      const decided =
        decision === "approve"
          ? await porting.approve(request.params.sid)
          : decision === "complete"
            ? await porting.completeNow(request.params.sid)
            : await porting.reject(request.params.sid, reason ?? "The losing carrier refused the port");
      if (!decided) return reply.code(404).send({ error: { code: "NOT_FOUND", message: "No such port-in" } });
      return portInResource(sim, decided);
    },
  );

  // Steps whose time has come on the sim's clock (a test that moved the clock asks for them).
  app.post("/sim/porting/run-due", async (request) => {
    if (scope(request) !== "all") throw new ReviewerOnly("Only the carrier's reviewer decides on a port-in");
    return { applied: await sim.porting.runDue() };
  });
}
