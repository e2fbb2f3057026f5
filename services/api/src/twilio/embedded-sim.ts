import {
  type CarrierSim,
  CarrierSimRequestClient,
  carrierSimPlugin,
  createCarrierSim,
  injectTransport,
  type NumberConfig,
} from "@poundline/carrier-sim";
import { voicePaths } from "@poundline/telephony";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_COOKIE, validateSessionToken } from "../auth/sessions";
import { AppError } from "../http/errors";
import { type CarrierConfig, SIM_PREFIX } from "./carrier-config";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The carrier simulator inside the API, for when no carrier account is configured: it answers the
 * carrier's REST paths under /carrier-sim, and places test calls and texts (console, `npm run call`)
 * whose webhooks reach this app in-process, signed as the carrier signs them.
 */
export function createEmbeddedSim(app: FastifyInstance): CarrierSim {
  const { carrier, routing } = app.deps;
  const base = carrier.webhookBaseUrl;
  const configOf = (e164: string): NumberConfig => ({
    phoneNumber: e164,
    voiceUrl: `${base}${voicePaths.incoming}`,
    statusCallback: `${base}${voicePaths.status}`,
    smsUrl: `${base}/twilio/sms`,
    smsStatusCallback: `${base}/twilio/sms/status`,
  });
  return createCarrierSim({
    accountSid: carrier.accountSid,
    authToken: carrier.authToken,
    publicBaseUrl: `${base}${SIM_PREFIX}`,
    transport: injectTransport(app),
    numbers: (dialled) => {
      const table = routing.current();
      const shared = table.byPoundCode.get(dialled.trim().toUpperCase());
      if (shared) return configOf(shared.e164);
      return table.byNumber.has(dialled) ? configOf(dialled) : null;
    },
  });
}

/** The carrier's REST client pointed at the embedded simulator, in-process. */
export function embeddedSimHttpClient(app: FastifyInstance, carrier: CarrierConfig) {
  return new CarrierSimRequestClient({
    baseUrl: `${carrier.webhookBaseUrl}${SIM_PREFIX}`,
    inject: app,
  });
}

/** Test calls may be placed from this machine (the CLI) or by a signed-in user (the console). */
async function guardControl(request: FastifyRequest) {
  if (LOOPBACK.has(request.ip)) return;
  const token = request.cookies?.[SESSION_COOKIE];
  const { db, clock } = request.server.deps;
  if (token && (await validateSessionToken(db.db, token, clock()))) return;
  throw new AppError("FORBIDDEN", "Test calls need a signed-in user");
}

export async function registerEmbeddedSim(app: FastifyInstance, sim: CarrierSim) {
  await app.register(carrierSimPlugin, { prefix: SIM_PREFIX, sim, guard: guardControl });
}
