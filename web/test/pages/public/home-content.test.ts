import { describe, expect, it } from "vitest";
import {
  HOME_CONTENT_DEFAULTS,
  HOME_CONTENT_KEYS,
  withHomeDefaults,
} from "../../../src/pages/public/home-content";

describe("withHomeDefaults", () => {
  it("has a default for each of seed 000's twenty keys", () => {
    expect(HOME_CONTENT_KEYS).toHaveLength(20);
    expect(Object.keys(HOME_CONTENT_DEFAULTS).sort()).toEqual([...HOME_CONTENT_KEYS].sort());
  });

  it("takes each stored text, and the default for a missing, blank or non-text one", () => {
    const content = withHomeDefaults({
      homepage_hero_title: "The Business Phone System That Routes Every Call Right",
      cta_banner_title: "   ",
      testimonials_title: null,
      unknown_key: "ignored",
    });
    expect(content.homepage_hero_title).toBe("The Business Phone System That Routes Every Call Right");
    expect(content.cta_banner_title).toBe(HOME_CONTENT_DEFAULTS.cta_banner_title);
    expect(content.testimonials_title).toBe(HOME_CONTENT_DEFAULTS.testimonials_title);
    expect(content.how_it_works_title).toBe(HOME_CONTENT_DEFAULTS.how_it_works_title);
    expect(content).not.toHaveProperty("unknown_key");
  });
});
