import { canadianProvinces, usStates } from "@poundline/db/enums";
import { type CallerProbe, toE164 } from "@poundline/telephony";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { AppError } from "../http/errors";
import { draftCoverage, probeDraft } from "./probe";
import {
  checkRuleTargets,
  findSharedNumber,
  licensedClients,
  listRules,
  listSharedNumbers,
  ownMenus,
  saveRules,
} from "./queries";
import {
  coverageBodySchema,
  coverageSchema,
  GEO_MESSAGES,
  probeBodySchema,
  probeResultSchema,
  savedRulesSchema,
  saveRulesBodySchema,
  sharedNumberDetailSchema,
  sharedNumberListSchema,
  sharedNumberParamsSchema,
} from "./schemas";

const states = new Set<string>(usStates);
const provinces = new Set<string>(canadianProvinces);

/** Geo-location routing of the shared pound-code numbers, mounted under /api. */
export async function geoRoutingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get(
    "/geo-routing/shared-numbers",
    { schema: { response: { 200: sharedNumberListSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      return { sharedNumbers: await listSharedNumbers(request.server.deps.db.db, account.id) };
    },
  );

  /** The number, its licensed clients and its rules (a licensee that does not manage it sees its own). */
  app.get(
    "/geo-routing/shared-numbers/:id",
    { schema: { params: sharedNumberParamsSchema, response: { 200: sharedNumberDetailSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const { db } = request.server.deps;
      const number = await findSharedNumber(db.db, account.id, request.params.id);
      if (!number) throw new AppError("NOT_FOUND", GEO_MESSAGES.notFound);
      const [clients, rules, menus] = await Promise.all([
        licensedClients(db.db, number.id),
        listRules(db.db, number.id, number.canEdit ? undefined : account.id),
        ownMenus(db.db, account.id),
      ]);
      return { sharedNumber: number, clients, rules, menus };
    },
  );

  app.put(
    "/geo-routing/shared-numbers/:id/rules",
    {
      config: { permission: "routing.edit" },
      schema: {
        params: sharedNumberParamsSchema,
        body: saveRulesBodySchema,
        response: { 200: savedRulesSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock, routing } = request.server.deps;
      const { rules, askLocation } = request.body;
      const result = await saveRules(db.db, account.id, request.params.id, rules, clock(), askLocation);
      switch (result.kind) {
        case "not_found":
          throw new AppError("NOT_FOUND", GEO_MESSAGES.notFound);
        case "not_manager":
          throw new AppError("FORBIDDEN", GEO_MESSAGES.notManager);
        case "invalid":
          throw new AppError(
            "BAD_REQUEST",
            Object.values(result.fields)[0]?.[0] ?? "Invalid rules",
            result.fields,
          );
        case "saved":
          // Every instance answers the next call with the new rules.
          await routing.changed();
          return { rules: result.rules, askLocation: result.askLocation };
      }
    },
  );

  /** The licensed clients' ids and the account's menus, and the check of the draft's targets. */
  async function draftContext(
    accountId: string,
    id: string,
    rules: Parameters<typeof checkRuleTargets>[0],
    request: { server: FastifyInstance },
  ) {
    const { db } = request.server.deps;
    const number = await findSharedNumber(db.db, accountId, id);
    if (!number) throw new AppError("NOT_FOUND", GEO_MESSAGES.notFound);
    const [clients, menus] = await Promise.all([
      licensedClients(db.db, number.id),
      ownMenus(db.db, accountId),
    ]);
    const clientIds = clients.map((c) => c.licenseeId);
    const fields = checkRuleTargets(rules, accountId, new Set(clientIds), new Set(menus.map((m) => m.id)));
    if (fields) throw new AppError("BAD_REQUEST", Object.values(fields)[0]?.[0] ?? "Invalid rules", fields);
    return { number, clientIds };
  }

  /** Coverage of the draft rules, before saving. */
  app.post(
    "/geo-routing/shared-numbers/:id/coverage",
    {
      config: { permission: "routing.edit" },
      schema: {
        params: sharedNumberParamsSchema,
        body: coverageBodySchema,
        response: { 200: coverageSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { clientIds } = await draftContext(account.id, request.params.id, request.body.rules, request);
      return draftCoverage(request.body.rules, clientIds);
    },
  );

  /** Test a caller against the draft rules: the rule, the licensee and the first TwiML verb. */
  app.post(
    "/geo-routing/shared-numbers/:id/test",
    {
      config: { permission: "routing.edit" },
      schema: {
        params: sharedNumberParamsSchema,
        body: probeBodySchema,
        response: { 200: probeResultSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { routing, clock, carrier } = request.server.deps;
      const { rules, caller, askLocation } = request.body;
      const { number, clientIds } = await draftContext(account.id, request.params.id, rules, request);
      const probe = readProbe(caller);
      const answer = probeDraft(
        routing.current(),
        number,
        rules,
        clientIds,
        probe,
        clock(),
        {
          baseUrl: carrier.webhookBaseUrl,
          carrierTranscription: carrier.carrierTranscription,
        },
        askLocation,
      );
      if (answer.kind === "unlocated")
        throw new AppError("BAD_REQUEST", POSTAL_MESSAGE, { "body.caller.value": [POSTAL_MESSAGE] });
      if (answer.kind === "not_routed") throw new AppError("NOT_FOUND", GEO_MESSAGES.notFound);
      return answer.result;
    },
  );
}

const REGION_MESSAGE = "Enter one of the 50 US state codes or the 13 Canadian province and territory codes.";
const POSTAL_MESSAGE = "Enter a US ZIP code (12345) or a Canadian postal code (K1A 0B1).";

function readProbe(caller: { kind: CallerProbe["kind"]; value: string }): CallerProbe {
  switch (caller.kind) {
    case "number":
      // As a person types it; a withheld caller ("anonymous") stays as it is.
      return { kind: "number", value: toE164(caller.value) ?? caller.value };
    case "region": {
      const value = caller.value.toUpperCase();
      if (states.has(value)) return { kind: "region", value, country: "US" };
      if (provinces.has(value)) return { kind: "region", value, country: "CA" };
      throw new AppError("BAD_REQUEST", REGION_MESSAGE, { "body.caller.value": [REGION_MESSAGE] });
    }
    case "postalCode":
      return { kind: "postalCode", value: caller.value };
  }
}
