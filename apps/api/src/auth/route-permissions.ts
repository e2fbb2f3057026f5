import { type Action, actions, can, isAction, refusalMessage } from "@poundline/contracts/auth/permissions";
import { AppError } from "@poundline/contracts/errors";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { requireAccount } from "./context";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The permission-table action this route performs (auth/permissions.ts): checked before anything else. */
    permission?: Action;
  }
  interface FastifyInstance {
    /** Every /api route and the action it declares, as registered (the permission check's record). */
    routeAccess: RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  permission: Action | null;
}

/**
 * The console's writes any signed-in person may make whatever their role (or a visitor, for the
 * public forms and signing in): about themselves only. Every other write under /api declares
 * its action; the check at boot refuses to start otherwise.
 */
export const openWrites: Readonly<Record<string, string>> = {
  "POST /api/auth/register": "signing up",
  "POST /api/auth/login": "signing in",
  "POST /api/auth/logout": "signing out",
  "POST /api/auth/forgot-password": "asking for a reset link",
  "POST /api/auth/reset-password": "resetting one's own password",
  "POST /api/auth/confirm-email": "confirming one's own e-mail address",
  "POST /api/auth/resend-confirmation": "asking for a new confirmation link",
  "POST /api/auth/change-password": "changing one's own password",
  "POST /api/auth/two-factor/verify": "signing in: the second step",
  "POST /api/auth/two-factor/enable": "one's own two-factor authentication",
  "POST /api/auth/two-factor/disable": "one's own two-factor authentication",
  "POST /api/auth/two-factor/recovery-codes": "one's own two-factor authentication",
  "PUT /api/settings/profile": "one's own profile",
  "POST /api/settings/email": "one's own e-mail address",
  "POST /api/settings/avatar": "one's own picture",
  "DELETE /api/settings/avatar": "one's own picture",
  "PUT /api/settings/notifications": "one's own notification preferences",
  "POST /api/settings/push/subscriptions": "one's own devices' push",
  "DELETE /api/settings/push/subscriptions": "one's own devices' push",
  "PUT /api/console/setup-guide/dismissal": "one's own setup guide on the dashboard",
  "PUT /api/people/me/availability": "one's own availability for calls",
  "PUT /api/people/me/working-hours": "one's own working hours",
  "PUT /api/people/me/forwarding": "one's own forwarding phone",
  "POST /api/inbox/notifications/read": "one's own notifications (the bell)",
  "DELETE /api/settings/sessions/:id": "one's own sessions",
  "POST /api/settings/sessions/sign-out-everywhere": "one's own sessions",
  "POST /api/support/tickets": "one's own support tickets",
  "POST /api/support/tickets/:id/replies": "one's own support tickets",
  "POST /api/support/tickets/:id/reopen": "one's own support tickets",
  "POST /api/support/tickets/:id/attachments": "one's own support tickets",
  "POST /api/invitations/:token/accept": "accepting an invitation sent to one's own address",
  "POST /api/invitations/:token/register": "registering through an invitation",
  "PUT /api/accounts/current": "switching between one's own accounts",
  "POST /api/contact": "the public site's contact form",
  "POST /api/feature-requests": "the public site's feature request form",
  "POST /api/phone-number-requests": "the public site's phone number request form",
};

/** The platform's admin area answers to admin_users (requireAdmin), not to the account's roles. */
const PLATFORM_ADMIN_AREA = "/api/admin/";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** 401 without a session, 403 with the table's wording when the person's role does not allow the action. */
export function assertAllowed(request: FastifyRequest, action: Action) {
  const { account } = requireAccount(request);
  if (!can(account.role, action)) throw new AppError("FORBIDDEN", refusalMessage(action));
}

const routeKey = (route: Pick<RouteAccess, "method" | "url">) => `${route.method} ${route.url}`;

/** Console writes that neither declare an action nor are listed as open: what the boot check names. */
export function undeclaredWrites(routes: readonly RouteAccess[]): RouteAccess[] {
  return routes.filter(
    (route) =>
      WRITE_METHODS.has(route.method) &&
      route.permission === null &&
      !route.url.startsWith(PLATFORM_ADMIN_AREA) &&
      !Object.hasOwn(openWrites, routeKey(route)),
  );
}

function undeclaredMessage(missing: readonly RouteAccess[]): string {
  return [
    `${missing.length} console route(s) that change something declare no permission:`,
    ...missing.map((route) => `  ${routeKey(route)}`),
    'Give each route the action it performs: config: { permission: "<action>" } next to its schema',
    `(actions, in packages/modules/src/auth/permissions.ts: ${actions.join(", ")}),`,
    "or, if every member may call it whatever their role (their own profile, signing in...),",
    'list it ("METHOD /api/path") in openWrites in apps/api/src/auth/route-permissions.ts.',
  ].join("\n");
}

/**
 * Installs the permission check on the /api scope, before its routes are registered: each
 * request to a route that declares an action is checked against the table (after the session
 * is read, before the body is parsed); each route is recorded; and the app refuses to become
 * ready while a write declares no action and is not listed in `openWrites`.
 */
export function installPermissionChecks(api: FastifyInstance) {
  const recorded = api.routeAccess;
  api.addHook("onRoute", (route: RouteOptions) => {
    const permission = route.config?.permission ?? null;
    if (permission !== null && !isAction(permission))
      throw new Error(`${route.url} declares the permission "${permission}", which is not in the table`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) recorded.push({ method, url: route.url, permission });
  });
  api.addHook("onRequest", async (request) => {
    const action = request.routeOptions.config.permission;
    if (action) assertAllowed(request, action);
  });
  api.addHook("onReady", async () => {
    const missing = undeclaredWrites(recorded);
    if (missing.length > 0) throw new Error(undeclaredMessage(missing));
  });
}
