/**
 * What the production-like stack (docker-compose.yml) hands the API, read as compose reads it:
 * the `x-app` environment, `${NAME:-default}` filled from a `.env`.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { carrierConfig } from "@poundline/modules/carrier/carrier-config";
import { transcriberConfigFromEnv } from "@poundline/modules/jobs";
import { loadConfig } from "@poundline/platform/api-config";
import { createFileStorage } from "@poundline/platform/storage/from-config";
import { loadWorkersConfig } from "@poundline/workers/config";
import { describe, expect, it } from "vitest";

const compose = readFileSync(fileURLToPath(new URL("../../../docker-compose.yml", import.meta.url)), "utf8");

/**
 * The API's environment in compose, given the variables of a `.env` file: `${NAME:-default}`
 * filled, `${NAME:?message}` refused (thrown) when the `.env` lacks it, as compose refuses.
 */
function apiEnvironment(dotEnv: Record<string, string>): Record<string, string> {
  const block = /environment: &app-env\n((?: {4}.*\n)+)/.exec(compose)?.[1];
  if (!block) throw new Error("docker-compose.yml has no `environment: &app-env` block");
  const env: Record<string, string> = {};
  for (const line of block.split("\n")) {
    const entry = /^ {4}([A-Z0-9_]+): (.*)$/.exec(line);
    if (!entry?.[1] || entry[2] === undefined) continue;
    env[entry[1]] = entry[2]
      .replace(/^"(.*)"$/, "$1")
      .replace(/\$\{(\w+):([-?])([^}]*)\}/g, (_m, name: string, kind: string, rest: string) => {
        if (dotEnv[name]) return dotEnv[name];
        if (kind === "?") throw new Error(`compose refuses to start: ${rest}`);
        return rest;
      });
  }
  return env;
}

/** The least a `.env` must hold for the stack to start. */
const REQUIRED = {
  POSTGRES_PASSWORD: "a-password-of-this-deployment",
  TOTP_KEY_SECRET: "t".repeat(32),
  SMTP_URL: "smtp://mail.example:587",
  MINIO_ROOT_PASSWORD: "a-files-secret",
};

describe("docker-compose.yml", () => {
  it("seeds no demo (no known logins) unless SEED_DEMO=true is in the .env", () => {
    expect(loadConfig(apiEnvironment(REQUIRED)).SEED_DEMO).toBe(false);
    expect(loadConfig(apiEnvironment({ ...REQUIRED, SEED_DEMO: "true" })).SEED_DEMO).toBe(true);
  });

  it("passes the carrier account from the .env", () => {
    const env = apiEnvironment({
      ...REQUIRED,
      TWILIO_ACCOUNT_SID: "AC0123",
      TWILIO_AUTH_TOKEN: "their-token",
    });
    expect(carrierConfig(loadConfig(env))).toMatchObject({
      mode: "twilio",
      accountSid: "AC0123",
      authToken: "their-token",
      // The carrier's transcription is a service of the account: asked for, never assumed.
      transcriber: "none",
    });
    expect(transcriberConfigFromEnv(env)).toEqual({ provider: "none" });
  });

  it("without a carrier account, runs the simulator with a token of its own", () => {
    const carrier = carrierConfig(loadConfig(apiEnvironment(REQUIRED)));
    expect(carrier.mode).toBe("simulator");
    expect(carrier.authToken).toMatch(/^[0-9a-f]{64}$/);
    // The simulator transcribes voicemail (the words its caller was scripted to say); the
    // workers, reading the same environment, leave it to it.
    expect(carrier).toMatchObject({ transcriber: "carrier", carrierTranscription: true });
    expect(transcriberConfigFromEnv(apiEnvironment(REQUIRED))).toEqual({ provider: "carrier" });
  });

  it("has no default database password: without one in the .env, compose refuses", () => {
    const { POSTGRES_PASSWORD: _none, ...rest } = REQUIRED;
    expect(() => apiEnvironment(rest)).toThrow(/POSTGRES_PASSWORD/);
    expect(compose).not.toMatch(/POSTGRES_PASSWORD:-/);
    expect(loadConfig(apiEnvironment(REQUIRED)).DATABASE_URL).toContain(":a-password-of-this-deployment@");
  });

  it("refuses to start without SMTP_URL unless told that mail may stay in the outbox", () => {
    const { SMTP_URL: _none, ...noSmtp } = REQUIRED;
    expect(() => loadConfig(apiEnvironment(noSmtp))).toThrow(/SMTP_URL.*MAIL_OUTBOX_ONLY/);
    expect(() => loadWorkersConfig({ ...apiEnvironment(noSmtp), REDIS_URL: "redis://redis:6379" })).toThrow(
      /SMTP_URL/,
    );
    expect(loadConfig(apiEnvironment({ ...noSmtp, MAIL_OUTBOX_ONLY: "true" })).MAIL_OUTBOX_ONLY).toBe(true);
    expect(loadConfig(apiEnvironment(REQUIRED)).SMTP_URL).toBe(REQUIRED.SMTP_URL);
  });

  it("refuses to start without the key that encrypts the two-factor keys", () => {
    const { TOTP_KEY_SECRET: _none, ...rest } = REQUIRED;
    expect(() => loadConfig(apiEnvironment(rest))).toThrow(/TOTP_KEY_SECRET/);
  });

  it("trusts no proxy by default, and the hops the .env gives", () => {
    expect(loadConfig(apiEnvironment(REQUIRED)).TRUST_PROXY).toBe(false);
    expect(loadConfig(apiEnvironment({ ...REQUIRED, TRUST_PROXY: "1" })).TRUST_PROXY).toBe(1);
  });

  it("stores files in the MinIO bucket, with the key pair of the .env", () => {
    const config = loadConfig(
      apiEnvironment({ ...REQUIRED, MINIO_ROOT_USER: "files", MINIO_ROOT_PASSWORD: "long-secret" }),
    );
    const { MINIO_ROOT_PASSWORD: _none, ...withoutFilesSecret } = REQUIRED;
    expect(() => apiEnvironment(withoutFilesSecret)).toThrow(/MINIO_ROOT_PASSWORD/);
    expect(config).toMatchObject({
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: "http://minio:9000",
      S3_BUCKET: "poundline",
      S3_ACCESS_KEY_ID: "files",
      S3_SECRET_ACCESS_KEY: "long-secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(createFileStorage(config).driver).toBe("s3");
  });

  it("keeps PostgreSQL, Redis and MinIO data in named volumes, and makes the bucket before the apps start", () => {
    expect(compose).toMatch(/- pgdata:\/var\/lib\/postgresql\/data/);
    expect(compose).toMatch(/- redisdata:\/data/);
    expect(compose).toMatch(/- miniodata:\/data/);
    expect(compose).toMatch(/\nvolumes:\n {2}pgdata:\n {2}redisdata:\n {2}miniodata:\n/);
    expect(compose).toMatch(/minio-bucket:\n {6}condition: service_completed_successfully/);
    expect(compose).toMatch(/mc mb --ignore-existing "files\/\$\$S3_BUCKET"/);
  });
});
