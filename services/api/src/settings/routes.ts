import { destinationRefusal } from "@poundline/telephony/destination-policy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clearSessionCookie, requireAuth } from "../auth/context";
import { pendingEmailOf, requestEmailChange } from "../auth/email-change";
import { metaOf, portsOf, usesHttps } from "../auth/ports";
import { invalidateUserSessions } from "../auth/sessions";
import { loadCountryPolicy } from "../destinations/policy";
import { AppError } from "../http/errors";
import { errorResponseSchema } from "../http/schemas";
import { acceptImageUploads, normaliseAvatar, removeStoredAvatar, storeAvatar } from "./avatar";
import {
  companyBodySchema,
  companyResponseSchema,
  emailChangeBodySchema,
  notificationPreferencesSchema,
  profileBodySchema,
  profileSchema,
  sessionParamsSchema,
  sessionsResponseSchema,
  settingsMessageSchema,
  settingsMessages,
  signOutEverywhereBodySchema,
} from "./schemas";
import {
  listSessions,
  readCompany,
  readNotificationPreferences,
  readProfile,
  revokeSession,
  saveCompany,
  saveNotificationPreferences,
  saveProfile,
  setAvatarUrl,
} from "./settings";

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  429: errorResponseSchema,
};

/** The signed-in user's settings (seed 001, /dashboard/settings), mounted at /api/settings. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = usesHttps(app.deps.config);
  acceptImageUploads(app);

  async function profileOf(userId: string) {
    const { db, clock } = app.deps;
    const profile = await readProfile(db.db, userId);
    return { ...profile, pendingEmail: await pendingEmailOf(db.db, userId, clock()) };
  }

  app.get("/profile", { schema: { response: { 200: profileSchema, ...refusals } } }, async (request) =>
    profileOf(requireAuth(request).user.id),
  );

  app.put(
    "/profile",
    { schema: { body: profileBodySchema, response: { 200: profileSchema, ...refusals } } },
    async (request) => {
      const { user, account } = requireAuth(request);
      // Notification texts go to this phone: it answers to the account's destination policy.
      const { phone } = request.body;
      if (phone && account) {
        const refused = destinationRefusal(phone, await loadCountryPolicy(app.deps.db.db, account.id));
        if (refused) throw new AppError("BAD_REQUEST", refused.message, { "body.phone": [refused.message] });
      }
      await saveProfile(app.deps.db.db, user.id, request.body, app.deps.clock());
      return profileOf(user.id);
    },
  );

  // With the password (and a code under two-factor), the new address gets a link; the account
  // keeps the old one until it is followed.
  app.post(
    "/email",
    { schema: { body: emailChangeBodySchema, response: { 200: settingsMessageSchema, ...refusals } } },
    async (request) => {
      await requestEmailChange(portsOf(request), requireAuth(request), request.body, metaOf(request));
      return { message: settingsMessages.emailChangeSent };
    },
  );

  // The image's bytes as the body (any image content type): checked, resized, stored.
  app.post("/avatar", { schema: { response: { 200: profileSchema, ...refusals } } }, async (request) => {
    const { user } = requireAuth(request);
    const image = await normaliseAvatar(request.body);
    const url = await storeAvatar(app.deps, user.id, image);
    const replaced = await setAvatarUrl(app.deps.db.db, user.id, url, app.deps.clock());
    await removeStoredAvatar(app.deps, request.log, replaced);
    return profileOf(user.id);
  });

  app.delete("/avatar", { schema: { response: { 200: profileSchema, ...refusals } } }, async (request) => {
    const { user } = requireAuth(request);
    const replaced = await setAvatarUrl(app.deps.db.db, user.id, null, app.deps.clock());
    await removeStoredAvatar(app.deps, request.log, replaced);
    return profileOf(user.id);
  });

  app.get(
    "/company",
    { schema: { response: { 200: companyResponseSchema, ...refusals } } },
    async (request) => readCompany(app.deps.db.db, requireAuth(request)),
  );

  app.put(
    "/company",
    {
      config: { permission: "settings.company" },
      schema: { body: companyBodySchema, response: { 200: companyResponseSchema, ...refusals } },
    },
    async (request) => {
      const auth = requireAuth(request);
      await saveCompany(app.deps.db.db, auth, request.body, app.deps.clock());
      return readCompany(app.deps.db.db, auth);
    },
  );

  app.get(
    "/notifications",
    { schema: { response: { 200: notificationPreferencesSchema, ...refusals } } },
    async (request) => readNotificationPreferences(app.deps.db.db, requireAuth(request).user.id),
  );

  app.put(
    "/notifications",
    {
      schema: {
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...refusals },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await saveNotificationPreferences(app.deps.db.db, user.id, request.body, app.deps.clock());
      return readNotificationPreferences(app.deps.db.db, user.id);
    },
  );

  app.get(
    "/sessions",
    { schema: { response: { 200: sessionsResponseSchema, ...refusals } } },
    async (request) => ({
      sessions: await listSessions(app.deps.db.db, requireAuth(request), app.deps.clock()),
    }),
  );

  app.delete(
    "/sessions/:id",
    { schema: { params: sessionParamsSchema, response: { 200: settingsMessageSchema, ...refusals } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await revokeSession(app.deps.db.db, auth, request.params.id);
      if (request.params.id === auth.sessionId) clearSessionCookie(reply, secure);
      return { message: settingsMessages.sessionRevoked };
    },
  );

  // Sign out everywhere: every session of the user, this one too unless asked to keep it.
  app.post(
    "/sessions/sign-out-everywhere",
    {
      schema: { body: signOutEverywhereBodySchema, response: { 200: settingsMessageSchema, ...refusals } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { keepCurrent } = request.body;
      await invalidateUserSessions(app.deps.db.db, auth.user.id, keepCurrent ? auth.sessionId : undefined);
      if (!keepCurrent) clearSessionCookie(reply, secure);
      return { message: settingsMessages.signedOutEverywhere };
    },
  );
};
