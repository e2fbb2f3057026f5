import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type CarrierSim, carrierSimPlugin, createCarrierSim, fetchTransport } from "@poundline/carrier-sim";
import { type DatabaseHandle, openDatabase, schema } from "@poundline/db";
import { seedDemoIfEmpty } from "@poundline/db/seed";
import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import postgres from "postgres";
import S3rver from "s3rver";
import { startRoundRobinProxy } from "./proxy";

/**
 * A deployment of several instances on one machine: two API processes and two workers processes
 * sharing a fresh PostgreSQL database, Redis (keys under a prefix of this run) and an object store
 * (s3rver), behind a round-robin proxy. The carrier is a simulator run here, apart from every
 * instance (as the real carrier is): its REST API on a port of its own (TWILIO_API_URL), its
 * webhooks to the proxy, signed with the account's token every instance knows.
 */
export interface Cluster {
  /** The proxy: what the carrier and the browsers reach (PUBLIC_BASE_URL). */
  proxyUrl: string;
  /** Each API instance, reached directly. */
  apiUrls: [string, string];
  db: DatabaseHandle;
  redis: Redis;
  /** The prefix of every Redis key of this run (QUEUE_PREFIX). */
  prefix: string;
  sim: CarrierSim;
  /**
   * Where the carrier sends its webhooks: the proxy (null, the default), or one instance, for a
   * step that must show what that instance answers. Signed for the proxy's URL either way.
   */
  deliverWebhooksTo(apiUrl: string | null): void;
  demoPassword: string;
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL("../..", import.meta.url));
const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
/** A child that has not answered by then is stuck (a budget against a hang, not a judge of speed). */
const BOOT_BUDGET_MS = 180_000;

/** Ports from `base`: the proxy, the two API instances, the carrier simulator, the object store. */
export function clusterPorts(base: number) {
  return { proxy: base, apis: [base + 1, base + 2] as const, carrier: base + 3, s3: base + 4 };
}

export async function startCluster(base: number): Promise<Cluster> {
  const ports = clusterPorts(base);
  const proxyUrl = `http://127.0.0.1:${ports.proxy}`;
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error("cleanup:", err));
  };
  try {
    const db = await freshDatabase(cleanups);
    const demoPassword = randomBytes(18).toString("base64url");
    await seedDemoIfEmpty(db.db, { passwords: { demo: demoPassword } });

    const prefix = `instances-${randomBytes(4).toString("hex")}`;
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
    cleanups.push(async () => {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    const s3 = await startObjectStore(ports.s3, cleanups);
    const carrier = {
      accountSid: `AC${randomBytes(16).toString("hex")}`,
      authToken: randomBytes(16).toString("hex"),
    };
    const numbers = await db.db.select({ e164: schema.phoneNumbers.e164 }).from(schema.phoneNumbers);
    let webhookTarget: string | null = null;
    const sim = await startCarrier(
      { port: ports.carrier, account: carrier, proxyUrl, target: () => webhookTarget },
      new Set(numbers.map((n) => n.e164)),
      cleanups,
    );
    const proxy = await startRoundRobinProxy(ports.proxy, [...ports.apis]);
    cleanups.push(() => closeServer(proxy));

    const env: Record<string, string> = {
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: proxyUrl,
      DATABASE_URL: db.url,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      STORAGE_DRIVER: "s3",
      ...s3,
      TWILIO_ACCOUNT_SID: carrier.accountSid,
      TWILIO_AUTH_TOKEN: carrier.authToken,
      TWILIO_API_URL: `http://127.0.0.1:${ports.carrier}`,
      TRANSCRIBER: "carrier",
      TRANSCRIPTION_URL: "",
      CARRIER_TRANSCRIPTION: "",
      TRUST_PROXY: "loopback",
      SEED_DEMO: "false",
      SMTP_URL: "",
      WIDGET_CHALLENGE_SECRET: randomBytes(24).toString("hex"),
      LOG_LEVEL: "warn",
    };
    const children: ChildProcess[] = [];
    cleanups.push(() => Promise.all(children.map(stopChild)));
    for (const port of ports.apis)
      children.push(startChild("apps/api/src/server.ts", { ...env, PORT: String(port) }));
    // "workers started" is logged at info: the proof that a workers process is up.
    const workers = [0, 1].map(() => startChild("apps/workers/src/main.ts", { ...env, LOG_LEVEL: "info" }));
    children.push(...workers);
    const apiUrls = ports.apis.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    await Promise.all([
      ...apiUrls.map((url, i) => untilHealthy(url, children[i] as ChildProcess)),
      ...workers.map((child) => untilLogged(child, "workers started")),
    ]);
    const deliverWebhooksTo = (url: string | null) => {
      webhookTarget = url;
    };
    return { proxyUrl, apiUrls, db: db.handle, redis, prefix, sim, deliverWebhooksTo, demoPassword, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function freshDatabase(cleanups: (() => Promise<unknown>)[]) {
  const name = `instances_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  // Migrated here, once, before the instances start (each would otherwise race to do it).
  const handle = await openDatabase({ url: url.toString(), maxConnections: 3 });
  cleanups.push(() => handle.close());
  await handle.migrate();
  return { url: url.toString(), handle, db: handle.db };
}

/** s3rver in this process, with the bucket: the S3 settings the instances are started with. */
async function startObjectStore(port: number, cleanups: (() => Promise<unknown>)[]) {
  const dir = await mkdtemp(join(tmpdir(), "poundline-instances-s3-"));
  const bucket = "poundline";
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  cleanups.push(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  // s3rver's fixed key pair: it checks the requests' signatures with it.
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
}

/** The carrier: its REST API on `port`, the account's numbers answering on the proxy's webhooks. */
async function startCarrier(
  where: {
    port: number;
    account: { accountSid: string; authToken: string };
    proxyUrl: string;
    target: () => string | null;
  },
  ours: ReadonlySet<string>,
  cleanups: (() => Promise<unknown>)[],
): Promise<CarrierSim> {
  const { port, account, proxyUrl } = where;
  const http = fetchTransport();
  const sim = createCarrierSim({
    ...account,
    publicBaseUrl: `http://127.0.0.1:${port}`,
    transport: (request) => {
      const target = where.target();
      return http(target ? { ...request, url: request.url.replace(proxyUrl, target) } : request);
    },
    // The instances place calls from numbers the simulator did not sell (the seeded ones).
    requireOwnedFrom: false,
    numbers: (dialled) =>
      ours.has(dialled)
        ? {
            phoneNumber: dialled,
            voiceUrl: `${proxyUrl}/twilio/voice`,
            statusCallback: `${proxyUrl}/twilio/voice/status`,
            smsUrl: `${proxyUrl}/twilio/sms`,
            smsStatusCallback: `${proxyUrl}/twilio/sms/status`,
          }
        : null,
  });
  const app: FastifyInstance = Fastify();
  await app.register(carrierSimPlugin, { sim, control: false });
  await app.listen({ port, host: "127.0.0.1" });
  cleanups.push(() => app.close());
  return sim;
}

/** A child on this repository's sources; its log (stdout) is read, its errors (stderr) shown. */
function startChild(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout?.setEncoding("utf8");
  return child;
}

function untilLogged(child: ChildProcess, message: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(
      () => reject(new Error(`no "${message}" from a child in its boot budget`)),
      BOOT_BUDGET_MS,
    );
    child.once("exit", (code) => reject(new Error(`a child exited (${code}) before logging "${message}"`)));
    child.stdout?.on("data", (chunk: string) => {
      seen = (seen + chunk).slice(-4096);
      if (seen.includes(`"msg":"${message}"`)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

/** Asks /healthz until it answers 200: the proof that the instance is up. */
async function untilHealthy(url: string, child: ChildProcess): Promise<void> {
  child.stdout?.resume();
  const deadline = Date.now() + BOOT_BUDGET_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API at ${url} exited (${child.exitCode})`);
    const ok = await fetch(`${url}/healthz`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`the API at ${url} did not come up in its boot budget`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM (graceful), then SIGKILL if it does not exit. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
