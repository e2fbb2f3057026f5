import { describe, expect, it } from "vitest";
import { ADMIN_NAV, isAdminNavItemActive } from "../../src/layout/admin-nav";

describe("the admin sidebar's active-item rule", () => {
  it.each([
    ["/admin", "/admin", true],
    ["/admin", "/admin/", true],
    ["/admin", "/admin/editable-content", false],
    ["/admin/editable-content", "/admin/editable-content", true],
    ["/admin/editable-content", "/admin/editable-content/new", true],
    ["/admin/user-management", "/admin/user-management/new", true],
    ["/admin/support-tickets", "/admin/support-tickets/tkt_1", true],
    ["/admin/emails", "/admin/emailsx", false],
  ])("%s at %s: %s", (item, path, active) => {
    expect(isAdminNavItemActive(item, path)).toBe(active);
  });

  it("exactly one item is active on every page of the sidebar", () => {
    for (const page of ADMIN_NAV) {
      const active = ADMIN_NAV.filter((item) => isAdminNavItemActive(item.path, page.path));
      expect(active.map((item) => item.path)).toEqual([page.path]);
    }
  });

  it("lists seed 001's four entries first, in its order", () => {
    expect(ADMIN_NAV.slice(0, 4).map((item) => item.label)).toEqual([
      "Admin Dashboard",
      "Editable Content",
      "Support Tickets",
      "User Management",
    ]);
  });
});
