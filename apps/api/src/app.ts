import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import type { CarrierSim } from "@poundline/carrier-sim";
import type { DatabaseHandle } from "@poundline/db";
import { createWebhookStats, type WebhookStats } from "@poundline/modules/admin/webhook-stats";
import type { GoogleTokenExchange } from "@poundline/modules/auth/google";
import { createLoginThrottle, type LoginThrottle } from "@poundline/modules/auth/throttle";
import { type CarrierConfig, carrierConfig } from "@poundline/modules/carrier/carrier-config";
import { createRoutingTables, type RoutingTables } from "@poundline/modules/carrier/routing-tables";
import { createIvrTryCalls, type IvrTryCalls } from "@poundline/modules/ivr/try-calls";
import { createTryCallStore } from "@poundline/modules/ivr/try-store";
import type { QueueCounts } from "@poundline/modules/jobs";
import { createPresenceStore, type PresenceStore } from "@poundline/modules/people/presence-store";
import { type VapidKeys, vapidKeysOf } from "@poundline/modules/push/keys";
import { adoptVerificationSender, verificationSender } from "@poundline/modules/verified-numbers/sender";
import { type Config, isProductionStart, trustProxyOption } from "@poundline/platform/api-config";
import { type CallControl, createCallControl } from "@poundline/platform/carrier/call-control";
import { type CarrierClient, createCarrierClient } from "@poundline/platform/carrier/client";
import {
  createInternationalCarrier,
  type InternationalCarrier,
} from "@poundline/platform/carrier/international";
import { createNumberCarrier, type NumberCarrier } from "@poundline/platform/carrier/numbers";
import { createPortingCarrier, type PortingCarrier } from "@poundline/platform/carrier/porting";
import { type CarrierRecordings, createCarrierRecordings } from "@poundline/platform/carrier/recordings";
import {
  createRegistrationCarrier,
  type RegistrationCarrier,
} from "@poundline/platform/carrier/registration";
import { createTollFreeCarrier, type TollFreeCarrier } from "@poundline/platform/carrier/toll-free";
import {
  type CarrierTranscriptions,
  createCarrierTranscriptions,
} from "@poundline/platform/carrier/transcriptions";
import { createInProcessBus, createRedisBus, type EventBus } from "@poundline/platform/events/bus";
import { createLiveEvents, type LiveEvents } from "@poundline/platform/events/live";
import { createMailer, type Mailer } from "@poundline/platform/mailer";
import { createOutboxWriter, type OutboxWriter } from "@poundline/platform/outbox";
import { createFileStorage } from "@poundline/platform/storage/from-config";
import type { FileStorage } from "@poundline/platform/storage/port";
import { type Stripe, stripeClient } from "@poundline/platform/stripe";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { loadAuth } from "./auth/context";
import { installPermissionChecks } from "./auth/route-permissions";
import {
  adoptStoredNumbers,
  createEmbeddedSim,
  embeddedSimHttpClient,
  registerEmbeddedSim,
} from "./carrier/embedded-sim";
import { installIncomingCallFastPath } from "./carrier/fast-path";
import { twilioRoutes } from "./carrier/plugin";
import { portingWebhookRoutes } from "./carrier/porting-webhook";
import { healthRoutes } from "./health/routes";
import { installActivityLog } from "./http/activity-log";
import { registerErrorHandler, sendClientError, sendFrameworkError } from "./http/errors";
import { createLogger, logRequests, requestLogger } from "./http/logging";
import { createOriginCheck } from "./http/origin";
import { refuseAllButPost } from "./http/post-only";
import { registerSecurityHeaders } from "./http/security-headers";
import { greetingAudio, holdMusicAudio, ivrGreetingAudio, uploadedAudioRoutes } from "./http/uploaded-audio";
import { publicApiRoutes } from "./public-api";
import { activityRoutes } from "./routes/activity";
import { adminRoutes } from "./routes/admin";
import { queueBoardRoutes } from "./routes/admin/queue-board";
import { analyticsRoutes } from "./routes/analytics";
import { apiKeyRoutes } from "./routes/api-keys";
import { authRoutes } from "./routes/auth";
import { automationRoutes } from "./routes/automations";
import { billingRoutes, planRoutes } from "./routes/billing";
import { stripeWebhookRoutes } from "./routes/billing/webhook-routes";
import { callBlockingRoutes } from "./routes/call-blocking";
import { callRoutingRoutes } from "./routes/call-routing";
import { callRoutes } from "./routes/calls";
import { consoleRoutes } from "./routes/console";
import { contactCsvRoutes, crmRoutes } from "./routes/crm";
import { destinationPolicyRoutes } from "./routes/destinations";
import { extensionRoutes } from "./routes/extensions";
import { geoRoutingRoutes } from "./routes/geo-routing";
import { greetingRoutes } from "./routes/greetings";
import { inboxRoutes } from "./routes/inbox";
import { ivrRoutes } from "./routes/ivr";
import { liveRoutes } from "./routes/live/routes";
import { conversationRoutes, messageRoutes } from "./routes/messages";
import { numberRoutes } from "./routes/numbers";
import { peopleRoutes } from "./routes/people";
import { adminPortingRoutes, portingRoutes } from "./routes/porting";
import { pushRoutes } from "./routes/push";
import { recordingRetentionRoutes } from "./routes/recording-retention";
import { referenceRoutes } from "./routes/reference";
import { avatarRoutes, settingsRoutes } from "./routes/settings";
import { siteRoutes } from "./routes/site";
import { softphoneRoutes } from "./routes/softphone";
import { supportRoutes } from "./routes/support";
import { teamRoutes } from "./routes/team";
import { textingRegistrationRoutes } from "./routes/texting-registration";
import { tollFreeVerificationRoutes } from "./routes/toll-free-verification";
import { verifiedNumberRoutes } from "./routes/verified-numbers";
import { voicemailRoutes } from "./routes/voicemails";
import { webhookRoutes } from "./routes/webhooks";
import { widgetPublicRoutes, widgetRoutes } from "./routes/widgets";
import { loadBuiltWebApp, webRoutes } from "./web/routes";

/** The ports every route reaches through `app.deps`: passed in, so tests build what they need. */
export interface AppDeps {
  config: Config;
  db: DatabaseHandle;
  redis: Redis | null;
  mailer: Mailer;
  loginThrottle: LoginThrottle;
  clock: () => Date;
  carrier: CarrierConfig;
  bus: EventBus;
  live: LiveEvents;
  /** Who is online (an open console on any instance) and on which calls: Redis, or memory without it. */
  presence: PresenceStore;
  /** Work handed to the workers: outbox rows in the caller's transaction, the relay woken after commit. */
  outbox: OutboxWriter;
  /** In-memory routing tables the carrier webhooks answer from. */
  routing: RoutingTables;
  /** Outbound calls and texts: the carrier, or the embedded simulator. */
  carrierClient: CarrierClient;
  /** Buying, configuring and releasing numbers and their E911 addresses at the carrier. */
  numberCarrier: NumberCarrier;
  /** Toll-free verifications at the carrier (messaging v1). */
  tollFreeCarrier: TollFreeCarrier;
  /** Numbers abroad: countries for sale, regulations and regulatory bundles. */
  internationalCarrier: InternationalCarrier;
  /** Port-in requests at the carrier: portability, submission, cancellation, its webhook. */
  portingCarrier: PortingCarrier;
  /** Texting registration (A2P 10DLC) at the carrier: profile, brand, messaging service, campaign. */
  registrationCarrier: RegistrationCarrier;
  /** Calls in progress: read one, give it new TwiML (transfers). */
  callControl: CallControl;
  /** The carrier's copies of recordings (deleted once ours is stored). */
  carrierRecordings: CarrierRecordings;
  /** The carrier's real-time transcription of recorded calls (TRANSCRIBER=carrier). */
  carrierTranscriptions: CarrierTranscriptions;
  /** The embedded carrier simulator, when no carrier account is configured. */
  simulator: CarrierSim | null;
  /** Try-it calls into IVR menus from the console (always simulated, whatever the carrier). */
  ivrTries: IvrTryCalls;
  /** The job hand-off (outbox relay and queues), when this process runs one. */
  jobs: JobsPort | null;
  /**
   * Every stored file (voicemail recordings, greetings, hold music, avatars, attachments): the
   * storage port, on local disk or S3 (STORAGE_DRIVER), shared with the workers.
   */
  storage: FileStorage;
  /** Outbound HTTP (MMS media from the carrier). */
  fetch: typeof fetch;
  /** How the carrier's webhooks were answered: the admin dashboard's webhook error rate. */
  webhookStats: WebhookStats;
  /** Stripe's API (STRIPE_API_URL may point it at a stand-in); null without STRIPE_SECRET_KEY. */
  stripe: Stripe | null;
  /** The Web Push VAPID key pair: the environment's, or the one kept in the database (push/keys.ts). */
  vapidKeys: () => Promise<VapidKeys>;
}

/** The API's side of the jobs: wake the outbox relay after a commit, read queue depths. */
export interface JobsPort {
  notify(): void;
  counts(): Promise<QueueCounts>;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance;

export interface BuildOptions {
  config: Config;
  db: DatabaseHandle;
  redis?: Redis | null;
  mailer?: Mailer;
  loginThrottle?: LoginThrottle;
  clock?: () => Date;
  /** Replaces the call to Google that trades a code for tokens (tests run offline). */
  googleTokenExchange?: GoogleTokenExchange;
  /** The carrier client for outbound calls and texts (tests pass a fake, the simulator its own). */
  carrierClient?: CarrierClient;
  /** The carrier's number port (tests may pass a fake; default: the carrier, or the simulator). */
  numberCarrier?: NumberCarrier;
  /** The carrier's texting registration port (default: the carrier, or the simulator). */
  registrationCarrier?: RegistrationCarrier;
  /** The outbox relay and queues; without it outbox rows wait for a workers process. */
  jobs?: JobsPort | null;
  /** The bearer token `npm run call` may use on the embedded simulator (the server draws and prints it). */
  simulatorControlToken?: string;
  /** The logger (tests read what is logged); by default pino on stdout at LOG_LEVEL. */
  log?: FastifyBaseLogger;
  /** The built web app's folder (default web/dist). */
  webDist?: string;
  /** Where files are stored (default: the configured storage, see createFileStorage). */
  storage?: FileStorage;
  /** Outbound HTTP (tests pass a fake). */
  fetch?: typeof fetch;
  /** How often live sockets are pinged and their sessions checked (default 30 s). */
  liveHeartbeatMs?: number;
  /**
   * The incoming call answered in front of Fastify (twilio/fast-path.ts; default on). Off, it is
   * answered by its Fastify route only: the tests compare both ways.
   */
  incomingCallFastPath?: boolean;
}

const BODY_LIMIT = 1024 * 1024;

type BuiltWebApp = ReturnType<typeof loadBuiltWebApp>;

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const app = createServer(config, options.log ?? createLogger(config.LOG_LEVEL));
  await decorateDeps(app, options);
  await startEmbeddedSimulator(app);

  // Load order is the architecture: health first, then what browsers use (security headers,
  // cookies, rate limits, sessions), then what the carrier calls. The carrier's webhooks are the
  // hot path and carry none of the browser's plugins.
  const allowedOrigins = [config.PUBLIC_BASE_URL, ...(config.ALLOWED_ORIGINS?.split(",") ?? [])];
  const webApp = loadBuiltWebApp(options.webDist);
  await registerPublicRoutes(app);
  await app.register(async (browser) => {
    await registerBrowserPlugins(browser, config, webApp);
    await browser.register(
      async (api) => {
        await registerApiGuards(api, config, app.deps.redis, allowedOrigins);
        // The permission table (auth/permissions.ts): each console write declares its action.
        installPermissionChecks(api);
        installActivityLog(api);
        await api.register(authRoutes, {
          prefix: "/auth",
          ...(options.googleTokenExchange ? { googleTokenExchange: options.googleTokenExchange } : {}),
        });
        await api.register(crmRoutes);
        await api.register(analyticsRoutes);
        await api.register(contactCsvRoutes);
        await api.register(callRoutes);
        await api.register(messageRoutes);
        await api.register(conversationRoutes);
        await api.register(automationRoutes);
        await api.register(voicemailRoutes);
        await api.register(numberRoutes);
        await api.register(portingRoutes);
        await api.register(adminPortingRoutes);
        await api.register(peopleRoutes);
        await api.register(inboxRoutes);
        await api.register(activityRoutes);
        await api.register(verifiedNumberRoutes);
        await api.register(tollFreeVerificationRoutes);
        await api.register(webhookRoutes);
        await api.register(textingRegistrationRoutes);
        await api.register(geoRoutingRoutes);
        await api.register(adminRoutes, { prefix: "/admin" });
        await api.register(siteRoutes);
        await api.register(consoleRoutes);
        await api.register(callRoutingRoutes);
        await api.register(callBlockingRoutes);
        await api.register(extensionRoutes);
        await api.register(greetingRoutes);
        await api.register(referenceRoutes);
        await api.register(ivrRoutes);
        await api.register(widgetRoutes);
        await api.register(supportRoutes);
        await api.register(settingsRoutes, { prefix: "/settings" });
        await api.register(pushRoutes, { prefix: "/settings/push" });
        await api.register(billingRoutes);
        await api.register(planRoutes);
        await api.register(destinationPolicyRoutes);
        await api.register(recordingRetentionRoutes);
        await api.register(teamRoutes);
        await api.register(softphoneRoutes);
        await api.register(apiKeyRoutes);
        await api.register(liveRoutes, { allowedOrigins, heartbeatMs: options.liveHeartbeatMs });
      },
      { prefix: "/api" },
    );
    // The public API: the /api handlers marked `publicApi` (recorded above), behind API keys.
    await browser.register(publicApiRoutes, { prefix: "/v1" });
    await registerOperatorTools(browser, app.deps.simulator, options, allowedOrigins);
    await browser.register(widgetPublicRoutes, { prefix: "/widget" });
    await browser.register(webRoutes, { webApp });
  });
  await registerWebhooks(app, options);
  return app;
}

/** Fastify with our logger, Zod validation and error answers; no route yet. */
function createServer(config: Config, log: FastifyBaseLogger): App {
  const app = Fastify({
    logger: false,
    childLoggerFactory: requestLogger,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: BODY_LIMIT,
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: sendClientError,
  }).withTypeProvider<ZodTypeProvider>();
  // Every plugin instance inherits this logger (see http/logging.ts for why it is not Fastify's).
  app.log = log;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  return app;
}

/** `app.deps`: the ports the options give, the default of each other one; closed with the app. */
async function decorateDeps(app: App, options: BuildOptions): Promise<void> {
  const { config } = options;
  const redis = options.redis ?? null;
  const clock = options.clock ?? (() => new Date());
  const bus = redis ? createRedisBus(redis, app.log) : createInProcessBus();
  const routing = await createRoutingTables(options.db.db, bus, clock, app.log);
  app.addHook("onClose", async () => {
    routing.close();
    await bus.close();
  });
  const carrier = carrierConfig(config);
  app.decorate("routeAccess", []);
  app.decorate("publicApiHandlers", []);
  app.decorate("deps", {
    config,
    db: options.db,
    redis,
    mailer:
      options.mailer ??
      createMailer({ db: options.db.db, log: app.log, from: config.MAIL_FROM, smtpUrl: config.SMTP_URL }),
    loginThrottle: options.loginThrottle ?? createLoginThrottle({ redis, keyPrefix: config.QUEUE_PREFIX }),
    clock,
    carrier,
    bus,
    live: createLiveEvents(bus),
    presence: createPresenceStore(redis, config.QUEUE_PREFIX),
    outbox: createOutboxWriter({ db: options.db.db, wake: () => app.deps.jobs?.notify() }),
    routing,
    ...carrierPorts(app, options, carrier),
    simulator: null,
    // In Redis when there is one: a key pressed on any instance reaches the call.
    ivrTries: createIvrTryCalls(app, carrier, { store: createTryCallStore(redis, config.QUEUE_PREFIX) }),
    jobs: options.jobs ?? null,
    storage: options.storage ?? createFileStorage(config),
    fetch: options.fetch ?? fetch,
    webhookStats: createWebhookStats(options.db.db, clock, (err) =>
      app.log.warn({ err }, "webhook stats not written"),
    ),
    stripe: stripeClient(config),
    vapidKeys: vapidKeysOf(options.db.db, config),
  });
  app.addHook("onClose", () => app.deps.webhookStats.close());
}

/**
 * Outbound calls and texts, and the number port: the ones given, else the carrier's. Without a
 * carrier account, the embedded simulator is the carrier, reached in-process.
 */
function carrierPorts(
  app: App,
  options: BuildOptions,
  carrier: CarrierConfig,
): Pick<
  AppDeps,
  | "carrierClient"
  | "numberCarrier"
  | "tollFreeCarrier"
  | "internationalCarrier"
  | "portingCarrier"
  | "registrationCarrier"
  | "callControl"
  | "carrierRecordings"
  | "carrierTranscriptions"
> {
  const connection = () =>
    carrier.mode === "simulator" ? { carrier, httpClient: embeddedSimHttpClient(app, carrier) } : { carrier };
  return {
    carrierClient: options.carrierClient ?? createCarrierClient(connection()),
    numberCarrier: options.numberCarrier ?? createNumberCarrier(connection()),
    tollFreeCarrier: createTollFreeCarrier(connection()),
    internationalCarrier: createInternationalCarrier(connection()),
    portingCarrier: createPortingCarrier(connection()),
    registrationCarrier: options.registrationCarrier ?? createRegistrationCarrier(connection()),
    callControl: createCallControl(connection()),
    carrierRecordings: createCarrierRecordings(connection()),
    carrierTranscriptions: createCarrierTranscriptions(connection()),
  };
}

/** Without a carrier account, the embedded simulator: it holds the stored numbers and the code sender. */
async function startEmbeddedSimulator(app: App): Promise<void> {
  const { carrier, config } = app.deps;
  if (carrier.mode !== "simulator") return;
  app.deps.simulator = createEmbeddedSim(app);
  await adoptStoredNumbers(app, app.deps.simulator);
  const sender = verificationSender(config, carrier);
  if (sender) adoptVerificationSender(app.deps.simulator, sender);
}

/** Health and stored files (hold music, IVR greetings, avatars): none of the browser's plugins. */
async function registerPublicRoutes(app: App): Promise<void> {
  await app.register(healthRoutes);
  await app.register(uploadedAudioRoutes(holdMusicAudio));
  await app.register(uploadedAudioRoutes(ivrGreetingAudio));
  await app.register(uploadedAudioRoutes(greetingAudio));
  await app.register(avatarRoutes);
}

/** What every browser route carries: request logs, security headers, cookies, websockets. */
async function registerBrowserPlugins(browser: App, config: Config, webApp: BuiltWebApp): Promise<void> {
  logRequests(browser);
  await registerSecurityHeaders(browser, {
    inlineScriptHashes: webApp?.inlineScriptHashes ?? [],
    publicBaseUrl: config.PUBLIC_BASE_URL,
  });
  await browser.register(cookie);
  await browser.register(websocket, { options: { maxPayload: 4096 } });
}

/** The console API's guards, before its routes: per-IP rate limits, the origin check, the session. */
async function registerApiGuards(
  api: App,
  config: Config,
  redis: Redis | null,
  allowedOrigins: string[],
): Promise<void> {
  // Per-IP limits guard the console API.
  await api.register(rateLimit, {
    global: true,
    max: config.API_RATE_LIMIT_PER_MINUTE,
    timeWindow: "1 minute",
    // Keys carry the deployment's prefix, like the queues', so deployments can share a Redis.
    ...(redis ? { redis, nameSpace: `${config.QUEUE_PREFIX}:rl:http:` } : {}),
  });
  api.decorateRequest("auth", null);
  api.addHook("onRequest", createOriginCheck(allowedOrigins));
  api.addHook("onRequest", loadAuth);
}

/** The queue board (with Redis) and the embedded carrier simulator's pages (without a carrier account). */
async function registerOperatorTools(
  browser: App,
  simulator: CarrierSim | null,
  options: BuildOptions,
  allowedOrigins: string[],
): Promise<void> {
  const { config } = options;
  if (config.REDIS_URL)
    await browser.register(queueBoardRoutes, {
      redisUrl: config.REDIS_URL,
      queuePrefix: config.QUEUE_PREFIX,
      allowedOrigins,
    });
  if (simulator)
    await registerEmbeddedSim(browser, simulator, {
      allowedOrigins,
      controlToken: options.simulatorControlToken,
      publicBaseUrl: config.PUBLIC_BASE_URL,
      production: isProductionStart(config),
    });
}

/** What the carrier and Stripe call: outside the browser's plugins, POST only. */
async function registerWebhooks(app: App, options: BuildOptions): Promise<void> {
  await app.register(twilioRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(portingWebhookRoutes);
  // The carrier's and Stripe's webhooks take POST only: any other method is 405, never the web app.
  refuseAllButPost(app, "/twilio/*");
  refuseAllButPost(app, "/stripe/webhook");
  refuseAllButPost(app, "/twilio-porting/*");
  if (options.incomingCallFastPath ?? true) installIncomingCallFastPath(app, { bodyLimit: BODY_LIMIT });
}
