import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../http/errors";
import { errorResponseSchema } from "../http/schemas";
import { requireAuth, setSessionCookie } from "./context";
import { metaOf, portsOf, usesHttps } from "./ports";
import {
  authMessages,
  disableTwoFactorBodySchema,
  enableTwoFactorBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  recoveryCodesResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
  verifyTwoFactorBodySchema,
} from "./schemas";
import { readSessionToken } from "./sessions";
import { sessionBody } from "./sign-in";
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorSetup,
  twoFactorStatus,
  verifySecondFactor,
} from "./two-factor";

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/** Two-factor authentication, mounted at /api/auth/two-factor. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sign-in, second step: the session opened by the password, and a code or a recovery code.
  app.post(
    "/verify",
    { schema: { body: verifyTwoFactorBodySchema, response: { 200: loginResponseSchema, ...refusals } } },
    async (request, reply) => {
      const pending = request.pendingTwoFactor;
      if (!pending) throw new AppError("UNAUTHORIZED", authMessages.twoFactorSignInExpired);
      const session = await verifySecondFactor(portsOf(request), pending, request.body, metaOf(request));
      const { db, clock, config } = request.server.deps;
      // The token changes with the second factor: the browser gets the new one.
      setSessionCookie(reply, session.token, session.expiresAt, usesHttps(config));
      const auth = await readSessionToken(db.db, session.token, clock());
      if (!auth) throw new AppError("UNAUTHORIZED", authMessages.twoFactorSignInExpired);
      return sessionBody(auth);
    },
  );

  app.get(
    "/",
    { schema: { response: { 200: twoFactorStatusSchema, 401: errorResponseSchema } } },
    async (request) => twoFactorStatus(request.server.deps.db.db, requireAuth(request)),
  );

  // A new key with its QR code; stored only by /enable, once the app proved it has it.
  app.get(
    "/setup",
    { schema: { response: { 200: twoFactorSetupResponseSchema, ...refusals } } },
    async (request) => {
      const auth = requireAuth(request);
      if (auth.twoFactorEnabled) throw new AppError("CONFLICT", authMessages.twoFactorAlreadyOn);
      return twoFactorSetup(auth.user.email);
    },
  );

  app.post(
    "/enable",
    {
      schema: {
        body: enableTwoFactorBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const recoveryCodes = await enableTwoFactor(portsOf(request), auth, request.body, metaOf(request));
      return { message: authMessages.twoFactorEnabled, recoveryCodes };
    },
  );

  app.post(
    "/disable",
    { schema: { body: disableTwoFactorBodySchema, response: { 200: messageResponseSchema, ...refusals } } },
    async (request) => {
      await disableTwoFactor(portsOf(request), requireAuth(request), request.body, metaOf(request));
      return { message: authMessages.twoFactorDisabled };
    },
  );

  app.post(
    "/recovery-codes",
    {
      schema: {
        body: enableTwoFactorBodySchema.pick({ code: true }),
        response: { 200: recoveryCodesResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const recoveryCodes = await regenerateRecoveryCodes(
        portsOf(request),
        auth,
        request.body.code,
        metaOf(request),
      );
      return { message: authMessages.twoFactorEnabled, recoveryCodes };
    },
  );
};
