import {
  type Action,
  actions,
  can,
  type MembershipRole,
  permissionsOf,
  refusalMessage,
} from "@poundline/contracts/auth/permissions";
import { settingsMessages } from "@poundline/contracts/settings/schemas";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  installPermissionChecks,
  type RouteAccess,
  undeclaredWrites,
} from "../../src/auth/route-permissions";

describe("the permission table", () => {
  // What each role may do, action by action: the product's decision, written out once more.
  const expected: [Action, owner: boolean, admin: boolean, member: boolean, viewer: boolean][] = [
    ["calls.place", true, true, true, false],
    ["calls.notes", true, true, true, false],
    ["calls.tag", true, true, true, false],
    ["messages.send", true, true, true, false],
    ["messages.read", true, true, true, false],
    ["voicemails.manage", true, true, true, false],
    ["contacts.edit", true, true, true, false],
    ["numbers.buy", true, true, false, false],
    ["numbers.edit", true, true, false, false],
    ["numbers.release", true, true, false, false],
    ["numbers.verify", true, true, false, false],
    ["calling.countries", true, true, false, false],
    ["recordings.retention", true, true, false, false],
    ["recordings.download", true, true, false, false],
    ["routing.edit", true, true, false, false],
    ["calls.dispositions", true, true, false, false],
    ["calls.block", true, true, false, false],
    ["automations.edit", true, true, false, false],
    ["templates.edit", true, true, false, false],
    ["extensions.edit", true, true, false, false],
    ["ivr.edit", true, true, false, false],
    ["ivr.publish", true, true, false, false],
    ["widgets.edit", true, true, false, false],
    ["webhooks.manage", true, true, false, false],
    ["settings.company", true, true, false, false],
    ["texting.register", true, true, false, false],
    ["users.manage", true, true, false, false],
    ["apiKeys.manage", true, true, false, false],
    ["activity.view", true, true, false, true],
    ["billing.view", true, true, false, true],
    ["billing.topup", true, true, false, false],
    ["billing.pay", true, true, false, false],
    ["billing.alerts", true, true, false, false],
    ["billing.limits", true, true, false, false],
    ["billing.plan", true, false, false, false],
    ["billing.cards", true, false, false, false],
    ["account.transfer", true, false, false, false],
  ];

  it("names every action once", () => {
    expect(expected.map(([action]) => action).sort()).toEqual([...actions].sort());
  });

  it.each(expected)(
    "%s: owner %s, admin %s, member %s, viewer %s",
    (action, owner, admin, member, viewer) => {
      expect([
        can("owner", action),
        can("admin", action),
        can("member", action),
        can("viewer", action),
      ]).toEqual([owner, admin, member, viewer]);
    },
  );

  it("allows nothing to a role it does not know", () => {
    expect(actions.filter((action) => can("bookkeeper", action))).toEqual([]);
    expect(permissionsOf("bookkeeper")).toEqual([]);
  });

  it.each<[MembershipRole, number]>([
    ["owner", actions.length],
    ["admin", actions.length - 3],
    ["member", 7],
    ["viewer", 2],
  ])("lists the %s's actions for the session", (role, count) => {
    const listed = permissionsOf(role);
    expect(listed).toHaveLength(count);
    expect(listed.every((action) => can(role, action))).toBe(true);
  });

  it.each<[Action, string]>([
    ["numbers.buy", "Only the account's owner or an administrator can buy phone numbers."],
    ["billing.cards", "Only the account's owner can change the payment cards."],
    [
      "billing.view",
      "Only the account's owner, an administrator or a bookkeeper can see the account's billing.",
    ],
    ["account.transfer", "Only the account's owner can transfer the account's ownership."],
    ["settings.company", settingsMessages.companyReadOnly],
  ])("words the refusal of %s from the table", (action, message) => {
    expect(refusalMessage(action)).toBe(message);
  });
});

describe("the check that every console write declares its action", () => {
  const route = (method: string, url: string, permission: Action | null = null): RouteAccess => ({
    method,
    url,
    permission,
  });

  it.each([
    ["a write without an action", route("POST", "/api/numbers/verify"), true],
    ["a write with one", route("POST", "/api/numbers", "numbers.buy"), false],
    ["a write open to every member", route("PUT", "/api/settings/profile"), false],
    ["a read", route("GET", "/api/contacts"), false],
    ["the platform's admin area", route("DELETE", "/api/admin/users/:userId"), false],
  ])("%s: named %s", (_case, access, named) => {
    expect(undeclaredWrites([access])).toEqual(named ? [access] : []);
  });

  it("refuses to start, naming each route that lacks one and what to add", async () => {
    const app = Fastify();
    app.decorate("routeAccess", []);
    await app.register(
      async (api) => {
        installPermissionChecks(api);
        api.post("/numbers/verify", async () => ({}));
        api.patch("/settings/allowed-countries", async () => ({}));
        api.post("/numbers", { config: { permission: "numbers.buy" } }, async () => ({}));
      },
      { prefix: "/api" },
    );
    const failure = await app.ready().then(
      () => null,
      (err: Error) => err.message,
    );
    expect(failure).toContain("2 console route(s) that change something declare no permission:");
    expect(failure).toContain("  POST /api/numbers/verify\n");
    expect(failure).toContain("  PATCH /api/settings/allowed-countries\n");
    expect(failure).not.toContain("  POST /api/numbers\n");
    expect(failure).toContain('config: { permission: "<action>" }');
    expect(failure).toContain("openWrites");
    await app.close();
  });

  it("refuses a permission the table does not know", async () => {
    const app = Fastify();
    app.decorate("routeAccess", []);
    const registering = app.register(
      async (api) => {
        installPermissionChecks(api);
        // @ts-expect-error: not an action of the table
        api.post("/numbers", { config: { permission: "numbers.steal" } }, async () => ({}));
      },
      { prefix: "/api" },
    );
    await expect(registering).rejects.toThrow('declares the permission "numbers.steal"');
    await app.close();
  });
});
