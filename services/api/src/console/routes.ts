import { voicePaths } from "@poundline/telephony";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accountTimeZone } from "../accounts/time-zone";
import { requireAccount } from "../auth/context";
import { callRefusal } from "../billing/enforce";
import { AppError } from "../http/errors";
import { numberMessages } from "../numbers/schemas";
import { placeClickToCall } from "./click-to-call";
import { accountNumbers, activeCalls, dashboardStats, recentCalls, recentVoicemails } from "./dashboard";
import {
  activeCallsSchema,
  clickToCallBodySchema,
  clickToCallResponseSchema,
  dashboardStatsSchema,
  phoneNumberListSchema,
  recentCallsSchema,
  recentVoicemailsSchema,
  searchQuerySchema,
  searchResultsSchema,
  timeZoneSchema,
  unreadCountsSchema,
} from "./schemas";
import { searchAccount } from "./search";
import { setupGuideRoutes } from "./setup-guide-routes";
import { countUnread } from "./unread";

/** The console's shell and home: the bell, the header search, the stat cards, recent and active calls. */
export async function consoleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });
  await app.register(setupGuideRoutes);

  app.get("/console/unread", { schema: { response: { 200: unreadCountsSchema } } }, async (request) => {
    const { account, user } = requireAccount(request);
    return countUnread(request.server.deps.db.db, account.id, user.id);
  });

  app.get(
    "/console/search",
    { schema: { querystring: searchQuerySchema, response: { 200: searchResultsSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      return searchAccount(request.server.deps.db.db, account.id, request.query.q);
    },
  );

  // The time zone the console writes dates and times in, and counts its days in.
  app.get("/console/time-zone", { schema: { response: { 200: timeZoneSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    return { timeZone: await accountTimeZone(request.server.deps.db.db, account.id) };
  });

  app.get("/console/numbers", { schema: { response: { 200: phoneNumberListSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    return { numbers: await accountNumbers(request.server.deps.db.db, account.id) };
  });

  app.get("/dashboard/stats", { schema: { response: { 200: dashboardStatsSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    const { db, clock } = request.server.deps;
    return dashboardStats(db.db, account.id, clock(), await accountTimeZone(db.db, account.id));
  });

  app.get(
    "/dashboard/recent-calls",
    { schema: { response: { 200: recentCallsSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      return { calls: await recentCalls(request.server.deps.db.db, account.id) };
    },
  );

  app.get(
    "/dashboard/voicemails",
    { schema: { response: { 200: recentVoicemailsSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      return { voicemails: await recentVoicemails(request.server.deps.db.db, account.id) };
    },
  );

  app.get("/calls/active", { schema: { response: { 200: activeCallsSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    const { db, clock } = request.server.deps;
    return { calls: await activeCalls(db.db, account.id, clock()) };
  });

  app.post(
    "/calls/click-to-call",
    {
      config: { permission: "calls.place" },
      schema: { body: clickToCallBodySchema, response: { 201: clickToCallResponseSchema } },
    },
    async (request, reply) => {
      const { account, user } = requireAccount(request);
      const { db, carrierClient, carrier, routing, clock } = request.server.deps;
      const result = await placeClickToCall(
        {
          db: db.db,
          carrier: carrierClient,
          webhookBaseUrl: carrier.webhookBaseUrl,
          statusPath: voicePaths.status,
          billingRefusal: (accountId) => callRefusal(routing.current(), accountId, clock()),
        },
        { accountId: account.id, userId: user.id, ...request.body },
      );
      if (!result.ok) {
        if (result.reason === "no-number")
          throw new AppError("BAD_REQUEST", "This account has no phone number to call from.", {
            "body.callerId": ["This account has no phone number to call from."],
          });
        if (result.reason === "no-e911")
          throw new AppError("BAD_REQUEST", numberMessages.noE911, {
            "body.callerId": [numberMessages.noE911],
          });
        if (result.reason === "destination")
          throw new AppError("BAD_REQUEST", result.message, { [`body.${result.field}`]: [result.message] });
        if (result.reason === "prepaid") throw new AppError("BAD_REQUEST", result.message);
        // As for texts (messages/routes.ts): the billing gate is a 403, not bad input.
        if (result.reason === "billing") throw new AppError("FORBIDDEN", result.message);
        throw new AppError(
          "BAD_REQUEST",
          `The carrier refused the call: ${result.message ?? "unknown reason"}`,
        );
      }
      return reply.status(201).send({ callId: result.callId, callSid: result.callSid });
    },
  );
}
