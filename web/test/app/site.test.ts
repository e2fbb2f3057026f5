import { describe, expect, it } from "vitest";
import { variantForHost } from "../../src/app/site";

describe("variantForHost", () => {
  it.each([
    ["nonprofit.localhost", "nonprofit", "nonprofit"],
    ["NONPROFIT.poundline.com", "nonprofit", "nonprofit"],
    ["www.poundline-nonprofit.org", "Nonprofit", "nonprofit"],
    ["localhost", "nonprofit", "standard"],
    ["www.poundline.com", "nonprofit", "standard"],
    // No nonprofit domain configured: always the standard site.
    ["nonprofit.localhost", "", "standard"],
  ])("%s with domain %j: %s", (hostname, nonprofitDomain, variant) => {
    expect(variantForHost(hostname, nonprofitDomain)).toBe(variant);
  });
});
