import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import type { CarrierSim } from "@poundline/carrier-sim";
import type { DatabaseHandle } from "@poundline/db";
import { type CarrierClient, createCarrierClient } from "@poundline/platform/carrier/client";
import { createNumberCarrier, type NumberCarrier } from "@poundline/platform/carrier/numbers";
import { createInProcessBus, createRedisBus, type EventBus } from "@poundline/platform/events/bus";
import { createLiveEvents, type LiveEvents } from "@poundline/platform/events/live";
import { createMailer, type Mailer } from "@poundline/platform/mailer";
import { createOutboxWriter, type OutboxWriter } from "@poundline/platform/outbox";
import { createFileStorage } from "@poundline/platform/storage/from-config";
import type { FileStorage } from "@poundline/platform/storage/port";
import { type Stripe, stripeClient } from "@poundline/platform/stripe";
import type { QueueCounts } from "@poundline/workers";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { queueBoardRoutes } from "./admin/queue-board";
import { adminRoutes } from "./admin/routes";
import { createWebhookStats, type WebhookStats } from "./admin/webhook-stats";
import { analyticsRoutes } from "./analytics/routes";
import { loadAuth } from "./auth/context";
import type { GoogleTokenExchange } from "./auth/google";
import { installPermissionChecks } from "./auth/route-permissions";
import { authRoutes } from "./auth/routes";
import { createLoginThrottle, type LoginThrottle } from "./auth/throttle";
import { planRoutes } from "./billing/plan-routes";
import { billingRoutes } from "./billing/routes";
import { stripeWebhookRoutes } from "./billing/webhook-routes";
import { callRoutingRoutes } from "./call-routing/routes";
import { callRoutes } from "./calls/routes";
import { type Config, isProductionStart, trustProxyOption } from "./config";
import { consoleRoutes } from "./console/routes";
import { contactCsvRoutes } from "./crm/csv-routes";
import { crmRoutes } from "./crm/routes";
import { destinationPolicyRoutes } from "./destinations/routes";
import { extensionRoutes } from "./extensions/routes";
import { geoRoutingRoutes } from "./geo-routing/routes";
import { healthRoutes } from "./health/routes";
import { registerErrorHandler, sendClientError, sendFrameworkError } from "./http/errors";
import { createLogger, logRequests, requestLogger } from "./http/logging";
import { createOriginCheck } from "./http/origin";
import { refuseAllButPost } from "./http/post-only";
import { registerSecurityHeaders } from "./http/security-headers";
import { ivrRoutes } from "./ivr/routes";
import { createIvrTryCalls, type IvrTryCalls } from "./ivr/try-calls";
import { liveRoutes } from "./live/routes";
import { conversationRoutes } from "./messages/conversation-routes";
import { messageRoutes } from "./messages/routes";
import { numberRoutes } from "./numbers/routes";
import { holdMusicAudio, ivrGreetingAudio, uploadedAudioRoutes } from "./recordings/uploaded-audio";
import { avatarRoutes } from "./settings/avatar";
import { settingsRoutes } from "./settings/routes";
import { siteRoutes } from "./site/routes";
import { supportRoutes } from "./support/routes";
import { type CarrierConfig, carrierConfig } from "./twilio/carrier-config";
import {
  adoptStoredNumbers,
  createEmbeddedSim,
  embeddedSimHttpClient,
  registerEmbeddedSim,
} from "./twilio/embedded-sim";
import { installIncomingCallFastPath } from "./twilio/fast-path";
import { twilioRoutes } from "./twilio/plugin";
import { createRoutingTables, type RoutingTables } from "./twilio/routing-tables";
import { verifiedNumberRoutes } from "./verified-numbers/routes";
import { adoptVerificationSender, verificationSender } from "./verified-numbers/sender";
import { voicemailRoutes } from "./voicemails/routes";
import { loadBuiltWebApp, webRoutes } from "./web/routes";
import { widgetPublicRoutes } from "./widgets/public-routes";
import { widgetRoutes } from "./widgets/routes";

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
  /** Work handed to the workers: outbox rows in the caller's transaction, the relay woken after commit. */
  outbox: OutboxWriter;
  /** In-memory routing tables the carrier webhooks answer from. */
  routing: RoutingTables;
  /** Outbound calls and texts: the carrier, or the embedded simulator. */
  carrierClient: CarrierClient;
  /** Buying, configuring and releasing numbers and their E911 addresses at the carrier. */
  numberCarrier: NumberCarrier;
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

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const log = options.log ?? createLogger(config.LOG_LEVEL);
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

  const redis = options.redis ?? null;
  const clock = options.clock ?? (() => new Date());
  const bus = redis ? createRedisBus(redis, app.log) : createInProcessBus();
  const routing = await createRoutingTables(options.db.db, bus, clock, app.log);
  app.addHook("onClose", async () => {
    routing.close();
    await bus.close();
  });
  const carrier = carrierConfig(config);
  // Without a carrier account, the embedded simulator is the carrier, reached in-process.
  const carrierClient =
    options.carrierClient ??
    createCarrierClient(
      carrier.mode === "simulator"
        ? { carrier, httpClient: embeddedSimHttpClient(app, carrier) }
        : { carrier },
    );
  const numberCarrier =
    options.numberCarrier ??
    createNumberCarrier(
      carrier.mode === "simulator"
        ? { carrier, httpClient: embeddedSimHttpClient(app, carrier) }
        : { carrier },
    );
  app.decorate("routeAccess", []);
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
    outbox: createOutboxWriter({ db: options.db.db, wake: () => app.deps.jobs?.notify() }),
    routing,
    carrierClient,
    numberCarrier,
    simulator: null,
    ivrTries: createIvrTryCalls(app, carrier),
    jobs: options.jobs ?? null,
    storage: options.storage ?? createFileStorage(config),
    fetch: options.fetch ?? fetch,
    webhookStats: createWebhookStats(options.db.db, clock, (err) =>
      app.log.warn({ err }, "webhook stats not written"),
    ),
    stripe: stripeClient(config),
  });
  app.addHook("onClose", () => app.deps.webhookStats.close());
  if (carrier.mode === "simulator") {
    app.deps.simulator = createEmbeddedSim(app);
    await adoptStoredNumbers(app, app.deps.simulator);
    const sender = verificationSender(config, carrier);
    if (sender) adoptVerificationSender(app.deps.simulator, sender);
  }

  // Load order is the architecture: health first, then what browsers use (security headers,
  // cookies, rate limits, sessions), then what the carrier calls. The carrier's webhooks are the
  // hot path and carry none of the browser's plugins.
  const allowedOrigins = [config.PUBLIC_BASE_URL, ...(config.ALLOWED_ORIGINS?.split(",") ?? [])];
  const webApp = loadBuiltWebApp(options.webDist);
  await app.register(healthRoutes);
  await app.register(uploadedAudioRoutes(holdMusicAudio));
  await app.register(uploadedAudioRoutes(ivrGreetingAudio));
  await app.register(avatarRoutes);
  await app.register(async (browser) => {
    logRequests(browser);
    await registerSecurityHeaders(browser, {
      inlineScriptHashes: webApp?.inlineScriptHashes ?? [],
      publicBaseUrl: config.PUBLIC_BASE_URL,
    });
    await browser.register(cookie);
    await browser.register(websocket, { options: { maxPayload: 4096 } });
    await browser.register(
      async (api) => {
        // Per-IP limits guard the console API.
        await api.register(rateLimit, {
          global: true,
          max: 600,
          timeWindow: "1 minute",
          // Keys carry the deployment's prefix, like the queues', so deployments can share a Redis.
          ...(redis ? { redis, nameSpace: `${config.QUEUE_PREFIX}:rl:http:` } : {}),
        });
        api.decorateRequest("auth", null);
        api.addHook("onRequest", createOriginCheck(allowedOrigins));
        api.addHook("onRequest", loadAuth);
        // The permission table (auth/permissions.ts): each console write declares its action.
        installPermissionChecks(api);
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
        await api.register(voicemailRoutes);
        await api.register(numberRoutes);
        await api.register(verifiedNumberRoutes);
        await api.register(geoRoutingRoutes);
        await api.register(adminRoutes, { prefix: "/admin" });
        await api.register(siteRoutes);
        await api.register(consoleRoutes);
        await api.register(callRoutingRoutes);
        await api.register(extensionRoutes);
        await api.register(ivrRoutes);
        await api.register(widgetRoutes);
        await api.register(supportRoutes);
        await api.register(settingsRoutes, { prefix: "/settings" });
        await api.register(billingRoutes);
        await api.register(planRoutes);
        await api.register(destinationPolicyRoutes);
        await api.register(liveRoutes, { allowedOrigins, heartbeatMs: options.liveHeartbeatMs });
      },
      { prefix: "/api" },
    );
    if (config.REDIS_URL)
      await browser.register(queueBoardRoutes, {
        redisUrl: config.REDIS_URL,
        queuePrefix: config.QUEUE_PREFIX,
        allowedOrigins,
      });
    if (app.deps.simulator)
      await registerEmbeddedSim(browser, app.deps.simulator, {
        allowedOrigins,
        controlToken: options.simulatorControlToken,
        publicBaseUrl: config.PUBLIC_BASE_URL,
        production: isProductionStart(config),
      });
    await browser.register(widgetPublicRoutes, { prefix: "/widget" });
    await browser.register(webRoutes, { webApp });
  });
  await app.register(twilioRoutes);
  await app.register(stripeWebhookRoutes);
  // The carrier's and Stripe's webhooks take POST only: any other method is 405, never the web app.
  refuseAllButPost(app, "/twilio/*");
  refuseAllButPost(app, "/stripe/webhook");
  if (options.incomingCallFastPath ?? true) installIncomingCallFastPath(app, { bodyLimit: BODY_LIMIT });
  return app;
}
