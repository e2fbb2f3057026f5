import { describe, expect, it } from "vitest";
import { CONSOLE_NAV, consoleNavFor, isNavItemActive } from "../../src/layout/console-nav";

describe("seed 001's active-item rule", () => {
  it.each([
    ["/dashboard", "/dashboard", true],
    ["/dashboard", "/dashboard/", true],
    ["/dashboard", "/dashboard/contacts", false],
    ["/dashboard/contacts", "/dashboard/contacts", true],
    ["/dashboard/contacts", "/dashboard/contacts/ct_1", true],
    ["/dashboard/contacts", "/dashboard/contactsx", false],
    ["/dashboard/call-history", "/dashboard/contacts", false],
    ["/admin", "/admin/user-management", true],
  ])("%s at %s: %s", (item, path, active) => {
    expect(isNavItemActive(item, path)).toBe(active);
  });

  it("exactly one item is active on every page of the navigation", () => {
    for (const page of CONSOLE_NAV) {
      const active = CONSOLE_NAV.filter((item) => isNavItemActive(item.path, page.path));
      expect(active.map((i) => i.path)).toEqual([page.path]);
    }
  });

  it("lists every item of the seed (and Phone Numbers, Support), Admin Panel for admins only", () => {
    expect(CONSOLE_NAV.map((i) => i.path)).toEqual([
      "/dashboard",
      "/dashboard/contacts",
      "/dashboard/call-history",
      "/dashboard/messages",
      "/dashboard/voicemails",
      "/dashboard/numbers",
      "/dashboard/call-routing",
      "/dashboard/geo-routing",
      "/dashboard/ivr-menus",
      "/dashboard/extensions",
      "/dashboard/analytics",
      "/dashboard/widgets",
      "/dashboard/webhooks",
      "/dashboard/billing",
      "/dashboard/settings",
      "/dashboard/support",
      "/admin",
    ]);
    expect(CONSOLE_NAV.filter((i) => i.adminOnly).map((i) => i.label)).toEqual(["Admin Panel"]);
  });
});

describe("the navigation by role", () => {
  const paths = (items: readonly { path: string }[]) => items.map((i) => i.path);

  it("shows a member the pages of using the phones, not those that configure the system or billing", () => {
    const member = paths(consoleNavFor(false, ["calls.place", "messages.send", "contacts.edit"]));
    expect(member).toEqual([
      "/dashboard",
      "/dashboard/contacts",
      "/dashboard/call-history",
      "/dashboard/messages",
      "/dashboard/voicemails",
      "/dashboard/numbers",
      "/dashboard/analytics",
      "/dashboard/settings",
      "/dashboard/support",
    ]);
  });

  it("shows every page to a role with every permission, and Admin Panel to platform admins only", () => {
    const everything = CONSOLE_NAV.flatMap((i) => (i.requires ? [i.requires] : []));
    expect(paths(consoleNavFor(false, everything))).toEqual(paths(CONSOLE_NAV.filter((i) => !i.adminOnly)));
    expect(paths(consoleNavFor(true, everything))).toEqual(paths(CONSOLE_NAV));
  });
});
