import type { ContentResponse, FaqResponse, SiteConfigResponse } from "@poundline/contracts/site/schemas";
import { siteMessages } from "@poundline/contracts/site/schemas";
import { newId, schema } from "@poundline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.db.insert(schema.editableContent).values(
    Object.entries({
      homepage_hero_title: "Your business, one number",
      homepage_hero_subtitle: "",
      cta_banner_title: "   ",
      how_it_works_title: "How It Works",
      testimonials_title: "What customers say",
    }).map(([contentKey, contentValue]) => ({ id: newId("content"), contentKey, contentValue })),
  );
});
afterAll(() => t.close());

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

const getJson = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /api/site", () => {
  it("answers the placeholders of an unconfigured deployment", async () => {
    const res = await getJson("/api/site");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SiteConfigResponse>()).toEqual({
      nonprofitDomain: "nonprofit",
      stripePublishableKey: null,
      prices: {
        subscription: "price_subscription_placeholder",
        nonprofitSubscription: "price_nonprofit_subscription_placeholder",
        walletTopUp: "price_wallet_topup_placeholder",
      },
    });
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
  });

  it("answers the configured key, prices and nonprofit domain", async () => {
    const configured = await createTestApp({
      config: {
        NONPROFIT_DOMAIN: "poundline.org",
        STRIPE_PUBLISHABLE_KEY: "pk_test_123",
        STRIPE_PRICE_SUBSCRIPTION: "price_std",
        STRIPE_PRICE_NONPROFIT_SUBSCRIPTION: "price_np",
        STRIPE_PRICE_WALLET_TOPUP: "price_wallet",
      },
    });
    try {
      const res = await configured.app.inject({ method: "GET", url: "/api/site" });
      expect(res.json<SiteConfigResponse>()).toEqual({
        nonprofitDomain: "poundline.org",
        stripePublishableKey: "pk_test_123",
        prices: { subscription: "price_std", nonprofitSubscription: "price_np", walletTopUp: "price_wallet" },
      });
    } finally {
      await configured.close();
    }
  });
});

describe("GET /api/content", () => {
  it("answers the non-empty values of the asked keys only", async () => {
    const keys = [
      "homepage_hero_title",
      "homepage_hero_subtitle",
      "cta_banner_title",
      "how_it_works_title",
      "never_stored",
    ];
    const res = await getJson(`/api/content?keys=${keys.join(",")}`);
    expect(res.statusCode, res.body).toBe(200);
    // Empty and blank values, and keys never stored, are absent: the page keeps its defaults.
    expect(res.json<ContentResponse>()).toEqual({
      values: { homepage_hero_title: "Your business, one number", how_it_works_title: "How It Works" },
    });
    // Revalidated every time: an admin's change shows at once.
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    const again = await t.app.inject({
      method: "GET",
      url: `/api/content?keys=${keys.join(",")}`,
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("accepts spaces around keys and repeated keys", async () => {
    const res = await getJson("/api/content?keys=testimonials_title,%20testimonials_title%20");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ContentResponse>().values).toEqual({ testimonials_title: "What customers say" });
  });

  it("answers an empty map when none of the keys has a value", async () => {
    const res = await getJson("/api/content?keys=homepage_hero_subtitle,unknown_key");
    expect(res.statusCode).toBe(200);
    expect(res.json<ContentResponse>()).toEqual({ values: {} });
  });

  it("keeps a signed-in visitor's answer out of shared caches", async () => {
    const session = await signIn(t, await createUser(t));
    const res = await t.app.inject({
      method: "GET",
      url: "/api/content?keys=how_it_works_title",
      headers: { cookie: session.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
  });

  it.each([
    ["no keys parameter", "/api/content"],
    ["an empty keys parameter", "/api/content?keys="],
    ["an upper-case key", "/api/content?keys=Homepage_hero_title"],
    ["a key with a dash", "/api/content?keys=homepage-hero-title"],
    ["an empty key between commas", "/api/content?keys=a,,b"],
    ["a trailing comma", "/api/content?keys=a,"],
    ["a key of 101 characters", `/api/content?keys=${"k".repeat(101)}`],
    ["101 keys", `/api/content?keys=${Array.from({ length: 101 }, (_, i) => `key_${i}`).join(",")}`],
    ["keys given twice", "/api/content?keys=a&keys=b"],
  ])("answers 400 for %s", async (_label, url) => {
    const res = await getJson(url);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<ErrorJson>();
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe(siteMessages.invalidContentKeys);
  });

  it("accepts 100 keys", async () => {
    const keys = Array.from({ length: 99 }, (_, i) => `key_${i}`);
    const res = await getJson(`/api/content?keys=${[...keys, "how_it_works_title"].join(",")}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ContentResponse>().values).toEqual({ how_it_works_title: "How It Works" });
  });
});

describe("GET /api/faq", () => {
  // Categories chosen to sort the same under every collation (PGlite's and PostgreSQL's).
  const faq = [
    { question: "How do I add a user?", category: "admin", displayOrder: 4 },
    { question: "How do I port my number?", category: "setup_guide", displayOrder: 2 },
    { question: "How do I check voicemail?", category: "user", displayOrder: 3 },
    { question: "Hidden draft", category: "admin", displayOrder: 0, isPublished: false },
    { question: "How do I reset my password?", category: "Account Management", displayOrder: 5 },
    { question: "How do I set business hours?", category: "admin", displayOrder: 1 },
  ];

  beforeAll(async () => {
    await t.db.db
      .insert(schema.faqItems)
      .values(faq.map((item) => ({ id: newId("faq"), answer: `Answer: ${item.question}`, ...item })));
  });

  const byDisplayOrder = [
    "How do I set business hours?",
    "How do I port my number?",
    "How do I check voicemail?",
    "How do I add a user?",
    "How do I reset my password?",
  ];

  it.each([
    ["display_order by default", "/api/faq", byDisplayOrder],
    ["display_order when asked", "/api/faq?order=display", byDisplayOrder],
    [
      "category, then display_order",
      "/api/faq?order=category",
      [
        "How do I reset my password?",
        "How do I set business hours?",
        "How do I add a user?",
        "How do I port my number?",
        "How do I check voicemail?",
      ],
    ],
  ])("lists the published items by %s", async (_label, url, expected) => {
    const res = await getJson(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FaqResponse>().items.map((item) => item.question)).toEqual(expected);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
  });

  it("answers every field of an item", async () => {
    const res = await getJson("/api/faq?order=category");
    expect(res.json<FaqResponse>().items[0]).toEqual({
      id: expect.stringMatching(/^faq_/),
      question: "How do I reset my password?",
      answer: "Answer: How do I reset my password?",
      category: "Account Management",
      displayOrder: 5,
    });
  });

  it("answers 400 for an unknown order", async () => {
    const res = await getJson("/api/faq?order=newest");
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorJson>().error.message).toBe(siteMessages.invalidFaqOrder);
  });
});
