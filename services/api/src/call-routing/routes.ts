import type { Database } from "@poundline/db";
import { destinationRefusal } from "@poundline/telephony/destination-policy";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { recordingRefusal } from "../billing/enforce";
import { destinationError, loadDestinationPolicy } from "../destinations/policy";
import { AppError } from "../http/errors";
import { acceptAudioUploads, holdMusicAudio, storeUploadedAudio } from "../recordings/uploaded-audio";
import {
  listCallRouting,
  ownsNumber,
  type RoutingSaveResult,
  saveNumberRouting,
  setCustomHoldMusic,
} from "./number-routing";
import { refusedByValidator } from "./refusal";
import {
  CUSTOM_MUSIC_MISSING_MESSAGE,
  callRoutingSchema,
  NUMBER_NOT_FOUND_MESSAGE,
  type NumberRoutingBody,
  numberParamsSchema,
  numberRoutingBodySchema,
  numberRoutingSchema,
} from "./schemas";

const notFound = () => new AppError("NOT_FOUND", NUMBER_NOT_FOUND_MESSAGE);

function saved(result: RoutingSaveResult) {
  if (result.ok) return result.routing;
  switch (result.reason) {
    case "not_found":
      throw notFound();
    case "custom_music_missing":
      throw new AppError("BAD_REQUEST", CUSTOM_MUSIC_MISSING_MESSAGE, {
        "body.holdMusic": [CUSTOM_MUSIC_MISSING_MESSAGE],
      });
    case "refused":
      throw refusedByValidator(result.issues);
  }
}

/** Each "forward to a number" of the routing, with the field that names it. */
function forwardTargets(body: NumberRoutingBody): { field: string; number: string }[] {
  const destinations = [
    { field: "body.businessHoursDestination.target", destination: body.businessHoursDestination },
    { field: "body.afterHoursDestination.target", destination: body.afterHoursDestination },
    ...body.holidays.map((h, i) => ({
      field: `body.holidays.${i}.destination.target`,
      destination: h.destination,
    })),
  ];
  return destinations.flatMap(({ field, destination }) =>
    destination.type === "forward" && destination.target ? [{ field, number: destination.target }] : [],
  );
}

/** A forward to a number the account may not dial is refused on its field, before anything is saved. */
async function assertForwardsDialable(db: Database, accountId: string, body: NumberRoutingBody) {
  const forwards = forwardTargets(body);
  if (forwards.length === 0) return;
  const policy = await loadDestinationPolicy(db, accountId);
  for (const { field, number } of forwards) {
    const refused = destinationRefusal(number, policy);
    if (refused) throw destinationError(field, refused);
  }
}

/** Call routing per number, mounted under /api. Every save is validated, then recompiles the tables. */
export async function callRoutingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });
  acceptAudioUploads(app);

  app.get("/call-routing", { schema: { response: { 200: callRoutingSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    return listCallRouting(request.server.deps.db.db, account.id);
  });

  app.put(
    "/call-routing/:numberId",
    {
      schema: {
        params: numberParamsSchema,
        body: numberRoutingBodySchema,
        response: { 200: numberRoutingSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock, routing } = request.server.deps;
      await assertForwardsDialable(db.db, account.id, request.body);
      if (request.body.recordCalls) {
        const refusal = await recordingRefusal(db.db, account.id, request.params.numberId, clock());
        if (refusal) throw new AppError("FORBIDDEN", refusal, { "body.recordCalls": [refusal] });
      }
      const result = saved(
        await saveNumberRouting(db.db, account.id, request.params.numberId, request.body, clock()),
      );
      await routing.changed();
      return result;
    },
  );

  app.post(
    "/call-routing/:numberId/hold-music",
    { schema: { params: numberParamsSchema, response: { 200: numberRoutingSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock, routing } = request.server.deps;
      const { numberId } = request.params;
      if (!(await ownsNumber(db.db, account.id, numberId))) throw notFound();
      const url = await storeUploadedAudio(
        request.server.deps,
        holdMusicAudio,
        account.id,
        numberId,
        request.body,
      );
      const result = saved(await setCustomHoldMusic(db.db, account.id, numberId, url, clock()));
      await routing.changed();
      return result;
    },
  );
}
