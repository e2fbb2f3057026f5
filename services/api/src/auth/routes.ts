import { generateCodeVerifier, generateState } from "arctic";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../http/errors";
import { errorResponseSchema } from "../http/schemas";
import { clearSessionCookie, requireAuth, setSessionCookie } from "./context";
import { confirmEmailChange } from "./email-change";
import {
  createGoogleSignIn,
  GOOGLE_COOKIE_MAX_AGE_SECONDS,
  GOOGLE_STATE_COOKIE,
  GOOGLE_VERIFIER_COOKIE,
  type GoogleTokenExchange,
  readGoogleIdToken,
  signInWithGoogle,
} from "./google";
import { changePassword } from "./password-change";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { metaOf, portsOf, publicUrl, usesHttps } from "./ports";
import { confirmEmail, registerUser, resendConfirmation } from "./registration";
import {
  authMessages,
  changePasswordBodySchema,
  confirmEmailBodySchema,
  confirmEmailQuerySchema,
  emptyResponseSchema,
  forgotPasswordBodySchema,
  googleCallbackQuerySchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  registerBodySchema,
  resendConfirmationBodySchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
} from "./schemas";
import { awaitsSecondFactor, invalidateSession } from "./sessions";
import { sessionBody, signIn } from "./sign-in";
import { twoFactorRoutes } from "./two-factor-routes";

/** Requests per client address to "resend the confirmation e-mail". */
export const RESEND_CONFIRMATION_RATE_LIMIT = { max: 5, timeWindow: "1 minute" } as const;
/** Where the browser lands after the links and redirects of this plugin (pages of the web app). */
const pages = {
  confirmed: "/login?confirmed=1",
  confirmFailed: "/login?confirm_error=invalid",
  googleFailed: "/login?error=google",
  signedIn: "/dashboard",
  emailChanged: "/dashboard/settings?email=changed",
  emailChangeFailed: "/dashboard/settings?email=invalid",
};

export interface AuthRoutesOptions {
  /** Replaces the code-for-tokens call to Google, so tests can run the callback offline. */
  googleTokenExchange?: GoogleTokenExchange;
}

/** Accounts and sign-in, mounted at /api/auth. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const secure = usesHttps(app.deps.config);
  const google = createGoogleSignIn(
    app.deps.config,
    publicUrl(app.deps.config, `${app.prefix}/google/callback`),
    options.googleTokenExchange,
  );
  const googleCookie = {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: `${app.prefix}/google`,
    maxAge: GOOGLE_COOKIE_MAX_AGE_SECONDS,
  } as const;

  app.post(
    "/register",
    {
      schema: {
        body: registerBodySchema,
        response: { 201: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await registerUser(portsOf(request), request.body);
      return reply.status(201).send({ message: authMessages.registered });
    },
  );

  // The link in the confirmation e-mail. No HEAD twin: a link checker must not use the token.
  app.get(
    "/confirm-email",
    {
      exposeHeadRoute: false,
      schema: { querystring: confirmEmailQuerySchema, response: { 303: emptyResponseSchema } },
    },
    async (request, reply) => {
      const { token } = request.query;
      const confirmed = token ? await confirmEmail(portsOf(request), token) : false;
      return reply.redirect(confirmed ? pages.confirmed : pages.confirmFailed, 303);
    },
  );

  // The link in the e-mail sent to a new address (settings); the address changes only here.
  app.get(
    "/confirm-email-change",
    {
      exposeHeadRoute: false,
      schema: { querystring: confirmEmailQuerySchema, response: { 303: emptyResponseSchema } },
    },
    async (request, reply) => {
      const { token } = request.query;
      // The browser following the link stays signed in; the user's other sessions end.
      const changed = token
        ? await confirmEmailChange(portsOf(request), token, request.auth?.sessionId)
        : false;
      return reply.redirect(changed ? pages.emailChanged : pages.emailChangeFailed, 303);
    },
  );

  app.post(
    "/confirm-email",
    {
      schema: {
        body: confirmEmailBodySchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      if (!(await confirmEmail(portsOf(request), request.body.token)))
        throw new AppError("BAD_REQUEST", authMessages.confirmLinkInvalid, {
          token: [authMessages.confirmLinkInvalid],
        });
      return { message: authMessages.emailConfirmed };
    },
  );

  // From the sign-in page's "Email Not Confirmed": per address at most MAX_CONFIRM_EMAILS_PER_DAY
  // links, per client a few requests a minute; the same answer whatever the address.
  app.post(
    "/resend-confirmation",
    {
      config: { rateLimit: RESEND_CONFIRMATION_RATE_LIMIT },
      schema: {
        body: resendConfirmationBodySchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await resendConfirmation(portsOf(request), request.body.email);
      return { message: authMessages.confirmationResent };
    },
  );

  app.post(
    "/login",
    {
      schema: {
        body: loginBodySchema,
        response: { 200: loginResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { token, auth } = await signIn(portsOf(request), request.body, metaOf(request));
      setSessionCookie(reply, token, auth.expiresAt, secure);
      return awaitsSecondFactor(auth) ? sessionBody(null, true) : sessionBody(auth);
    },
  );

  app.post(
    "/logout",
    { schema: { response: { 204: emptyResponseSchema, 403: errorResponseSchema } } },
    async (request, reply) => {
      const session = request.auth ?? request.pendingTwoFactor;
      if (session) await invalidateSession(request.server.deps.db.db, session.sessionId);
      clearSessionCookie(reply, secure);
      return reply.status(204).send(null);
    },
  );

  app.get("/session", { schema: { response: { 200: sessionResponseSchema } } }, async (request) =>
    sessionBody(request.auth, Boolean(request.pendingTwoFactor)),
  );

  await app.register(twoFactorRoutes, { prefix: "/two-factor" });

  app.post(
    "/forgot-password",
    {
      schema: {
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(request.server.deps.outbox, request.body.email);
      return { message: authMessages.resetRequested };
    },
  );

  app.post(
    "/reset-password",
    {
      schema: {
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = await resetPassword(portsOf(request), request.body);
      // Every session of that user is gone, this browser's included.
      if (request.auth?.user.id === userId) clearSessionCookie(reply, secure);
      return { message: authMessages.resetDone };
    },
  );

  app.post(
    "/change-password",
    {
      schema: {
        body: changePasswordBodySchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await changePassword(
        portsOf(request),
        { userId: auth.user.id, email: auth.user.email, sessionId: auth.sessionId },
        request.body,
        metaOf(request),
      );
      return { message: authMessages.passwordChanged };
    },
  );

  app.get(
    "/google",
    { schema: { response: { 302: emptyResponseSchema, 503: errorResponseSchema } } },
    async (_request, reply) => {
      if (!google) throw new AppError("NOT_CONFIGURED", authMessages.googleNotConfigured);
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      reply.setCookie(GOOGLE_STATE_COOKIE, state, googleCookie);
      reply.setCookie(GOOGLE_VERIFIER_COOKIE, codeVerifier, googleCookie);
      return reply.redirect(google.authorizationUrl(state, codeVerifier).toString(), 302);
    },
  );

  app.get(
    "/google/callback",
    { schema: { querystring: googleCallbackQuerySchema, response: { 302: emptyResponseSchema } } },
    async (request, reply) => {
      const { code, state, error } = request.query;
      const expectedState = request.cookies[GOOGLE_STATE_COOKIE];
      const codeVerifier = request.cookies[GOOGLE_VERIFIER_COOKIE];
      // Each state is good for one try.
      reply.clearCookie(GOOGLE_STATE_COOKIE, { path: googleCookie.path });
      reply.clearCookie(GOOGLE_VERIFIER_COOKIE, { path: googleCookie.path });
      const fail = (reason: unknown) => {
        request.log.warn({ reason }, "Google sign-in refused");
        return reply.redirect(pages.googleFailed, 302);
      };

      if (!google) return fail("not configured");
      if (error) return fail(`Google answered ${error}`);
      if (!code || !state || !expectedState || !codeVerifier || state !== expectedState)
        return fail("state mismatch");
      try {
        const tokens = await google.exchangeCode(code, codeVerifier);
        const claims = readGoogleIdToken(tokens.idToken(), request.server.deps.config.GOOGLE_CLIENT_ID ?? "");
        const session = await signInWithGoogle(portsOf(request), claims, metaOf(request));
        setSessionCookie(reply, session.token, session.expiresAt, secure);
        return reply.redirect(pages.signedIn, 302);
      } catch (err) {
        return fail(err);
      }
    },
  );
};
