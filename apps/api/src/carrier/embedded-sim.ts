import { timingSafeEqual } from "node:crypto";
import {
  attachSoftphone,
  type CarrierSim,
  CarrierSimRequestClient,
  carrierSimPlugin,
  createCarrierSim,
  injectTransport,
  type NumberConfig,
  type NumberScope,
} from "@poundline/carrier-sim";
import { DEVICE_SOCKET_PATH } from "@poundline/carrier-sim/device-protocol";
import { AppError } from "@poundline/contracts/errors";
import { schema } from "@poundline/db";
import { voicePaths } from "@poundline/domain";
import { SESSION_COOKIE, validateSessionToken } from "@poundline/modules/auth/sessions";
import { type CarrierConfig, SIM_PREFIX } from "@poundline/modules/carrier/carrier-config";
import { SIM_SOFTPHONE } from "@poundline/modules/softphone/token";
import { isNotNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createOriginCheck, createOriginMatcher } from "../http/origin";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The carrier simulator inside the API, for when no carrier account is configured: it answers the
 * carrier's REST paths under /carrier-sim, and places test calls and texts (console, `npm run call`)
 * whose webhooks reach this app in-process, signed as the carrier signs them. One instance's own:
 * its calls, recordings and signing token live in this process, so several API instances need a
 * carrier they all reach (TWILIO_* and, for a simulator run apart, TWILIO_API_URL).
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
    // The softphone's tokens are signed with the account's token (modules/softphone/token.ts), and
    // its outgoing calls go to our voice URL for softphones, as a TwiML application would send them.
    apiKeys: { [SIM_SOFTPHONE.apiKeySid]: carrier.authToken },
    applications: {
      [SIM_SOFTPHONE.twimlAppSid]: {
        voiceUrl: `${base}${voicePaths.softphone}`,
        statusCallback: `${base}${voicePaths.status}`,
      },
    },
    numbers: (dialled) => {
      const table = routing.current();
      const shared = table.byPoundCode.get(dialled.trim().toUpperCase());
      if (shared) return configOf(shared.e164);
      return table.byNumber.has(dialled) ? configOf(dialled) : null;
    },
  });
}

/**
 * The numbers the database says the account rents, held by the simulator as bought numbers, so
 * the carrier's number paths (rename, E911 address, release) find them after a restart.
 */
export async function adoptStoredNumbers(app: FastifyInstance, sim: CarrierSim) {
  const { db, carrier } = app.deps;
  const base = carrier.webhookBaseUrl;
  const rows = await db.db
    .select({
      sid: schema.phoneNumbers.carrierSid,
      e164: schema.phoneNumbers.e164,
      friendlyName: schema.phoneNumbers.friendlyName,
      numberType: schema.phoneNumbers.numberType,
      voiceEnabled: schema.phoneNumbers.voiceEnabled,
    })
    .from(schema.phoneNumbers)
    .where(isNotNull(schema.phoneNumbers.carrierSid));
  for (const row of rows) {
    if (!row.sid) continue;
    sim.inventory.adopt(
      {
        sid: row.sid,
        phoneNumber: row.e164,
        kind: row.numberType,
        friendlyName: row.friendlyName,
        voiceUrl: row.voiceEnabled ? `${base}${voicePaths.incoming}` : "",
        voiceMethod: "POST",
        statusCallback: `${base}${voicePaths.status}`,
        statusCallbackMethod: "POST",
        smsUrl: `${base}/twilio/sms`,
        smsMethod: "POST",
        emergencyAddressSid: null,
        emergencyStatus: "Inactive",
      },
      sim.now(),
    );
  }
}

/** The carrier's REST client pointed at the embedded simulator, in-process. */
export function embeddedSimHttpClient(app: FastifyInstance, carrier: CarrierConfig) {
  return new CarrierSimRequestClient({
    baseUrl: `${carrier.webhookBaseUrl}${SIM_PREFIX}`,
    inject: app,
  });
}

export interface EmbeddedSimAccess {
  /** Origins allowed to make cookie-authenticated writes (the same as for /api). */
  allowedOrigins: string[];
  /** The token `npm run call` may send as a bearer token (CARRIER_SIM_TOKEN); none: loopback only. */
  controlToken?: string | undefined;
  /** PUBLIC_BASE_URL: its host name, and localhost's, are the only ones the control paths answer on. */
  publicBaseUrl: string;
  /** A production start: the carrier's REST paths only, no control paths at all. */
  production: boolean;
}

/** The names this machine answers to locally, whatever PUBLIC_BASE_URL says. */
const LOCAL_HOST_NAMES = ["localhost", "127.0.0.1", "[::1]"];

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A connection from this machine, as the socket says (never `request.ip`, which TRUST_PROXY lets
 * X-Forwarded-For rewrite). A request that went through a proxy is not from this machine, even
 * when the proxy runs on it.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? "";
  const forwarded =
    request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  return LOOPBACK.has(peer) && !forwarded;
}

/**
 * Who may place test calls and texts, and into which numbers: the CLI (its bearer token, or a
 * connection from this machine) into any; a signed-in user (session cookie) only into their own
 * account's numbers, whose calls and texts only they read.
 */
function controlScope(access: EmbeddedSimAccess) {
  return async (request: FastifyRequest): Promise<NumberScope> => {
    const authorization = request.headers.authorization ?? "";
    if (authorization.startsWith("Bearer ")) {
      if (access.controlToken && sameSecret(authorization.slice(7), access.controlToken)) return "all";
      throw new AppError("UNAUTHORIZED", "Unknown carrier simulator token");
    }
    const token = request.cookies?.[SESSION_COOKIE];
    if (token) {
      const { db, clock, routing } = request.server.deps;
      const auth = await validateSessionToken(db.db, token, clock());
      if (!auth) throw new AppError("UNAUTHORIZED", "Sign in to place test calls");
      const accountId = auth.account?.id;
      return {
        has: (e164) => {
          const entry = routing.current().byNumber.get(e164);
          if (entry?.kind === "shared")
            return Boolean(accountId && entry.shared.licensedAccountIds?.includes(accountId));
          return entry?.kind === "owned" && entry.route.accountId === accountId;
        },
      };
    }
    if (fromThisMachine(request)) return "all";
    throw new AppError(
      "FORBIDDEN",
      "Test calls need a signed-in user, or the CARRIER_SIM_TOKEN the server was started with",
    );
  };
}

/**
 * The simulator's paths under /carrier-sim: the carrier's REST API (the app's own carrier client
 * calls it in-process), and the control paths that place test calls and texts. Those are a local
 * tool: they answer only on the public host name or localhost, and not at all on a production start.
 */
export async function registerEmbeddedSim(app: FastifyInstance, sim: CarrierSim, access: EmbeddedSimAccess) {
  registerDeviceSocket(app, sim, access.allowedOrigins);
  await app.register(carrierSimPlugin, {
    prefix: SIM_PREFIX,
    sim,
    control: !access.production,
    allowedHosts: [new URL(access.publicBaseUrl).hostname, ...LOCAL_HOST_NAMES],
    // Cookie writes from elsewhere are refused, as for /api.
    guard: createOriginCheck(access.allowedOrigins),
    scope: controlScope(access),
  });
}

/**
 * The simulator's softphone socket (`/carrier-sim/device`), as the carrier's signalling server
 * is to its Voice SDK: the device's access token, not a session, says who it is. Only our own
 * pages may open it.
 */
function registerDeviceSocket(app: FastifyInstance, sim: CarrierSim, allowedOrigins: string[]) {
  const originOf = createOriginMatcher(allowedOrigins);
  app.get(
    `${SIM_PREFIX}${DEVICE_SOCKET_PATH}`,
    {
      websocket: true,
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (!origin || originOf(origin, request.host) !== "allowed")
          throw new AppError("FORBIDDEN", "Cross-origin request refused");
      },
    },
    (socket) => {
      const device = attachSoftphone(sim, {
        send: (message) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        },
      });
      socket.on("message", (data) => device.receive(String(data)));
      socket.on("close", () => device.close());
    },
  );
}
