import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  type Action,
  actions,
  can,
  type MembershipRole,
  permissionsOf,
  refusalMessage,
} from "../../src/auth/permissions";
import {
  installPermissionChecks,
  type RouteAccess,
  undeclaredWrites,
} from "../../src/auth/route-permissions";
import { settingsMessages } from "../../src/settings/schemas";

describe("the permission table", () => {
  // What each role may do, action by action: the product's decision, written out once more.
  const expected: [Action, owner: boolean, admin: boolean, member: boolean][] = [
    ["calls.place", true, true, true],
    ["calls.notes", true, true, true],
    ["messages.send", true, true, true],
    ["messages.read", true, true, true],
    ["voicemails.manage", true, true, true],
    ["contacts.edit", true, true, true],
    ["numbers.buy", true, true, false],
    ["numbers.edit", true, true, false],
    ["numbers.release", true, true, false],
    ["numbers.verify", true, true, false],
    ["calling.countries", true, true, false],
    ["routing.edit", true, true, false],
    ["extensions.edit", true, true, false],
    ["ivr.edit", true, true, false],
    ["ivr.publish", true, true, false],
    ["widgets.edit", true, true, false],
    ["settings.company", true, true, false],
    ["users.manage", true, true, false],
    ["billing.view", true, true, false],
    ["billing.topup", true, true, false],
    ["billing.pay", true, true, false],
    ["billing.alerts", true, true, false],
    ["billing.limits", true, true, false],
    ["billing.plan", true, false, false],
    ["billing.cards", true, false, false],
  ];

  it("names every action once", () => {
    expect(expected.map(([action]) => action).sort()).toEqual([...actions].sort());
  });

  it.each(expected)("%s: owner %s, admin %s, member %s", (action, owner, admin, member) => {
    expect([can("owner", action), can("admin", action), can("member", action)]).toEqual([
      owner,
      admin,
      member,
    ]);
  });

  it("allows nothing to a role it does not know", () => {
    expect(actions.filter((action) => can("viewer", action))).toEqual([]);
    expect(permissionsOf("viewer")).toEqual([]);
  });

  it.each<[MembershipRole, number]>([
    ["owner", actions.length],
    ["admin", actions.length - 2],
    ["member", 6],
  ])("lists the %s's actions for the session", (role, count) => {
    const listed = permissionsOf(role);
    expect(listed).toHaveLength(count);
    expect(listed.every((action) => can(role, action))).toBe(true);
  });

  it.each<[Action, string]>([
    ["numbers.buy", "Only the account's owner or an administrator can buy phone numbers."],
    ["billing.cards", "Only the account's owner can change the payment cards."],
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
