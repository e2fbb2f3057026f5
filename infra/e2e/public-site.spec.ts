import { expect, type Page, test } from "@playwright/test";
import { appReady } from "./support";

/** What a visitor must see on each public route (seed 000), inside the page's main area. */
interface PublicPage {
  path: string;
  /** The page's one level-1 heading, when the seeds fix its words. */
  heading?: string | RegExp;
  /** Texts shown in the page: a string is a whole text, a RegExp a part of one. */
  texts: (string | RegExp)[];
  /** Links shown in the page, with where they go. */
  links?: { name: string; href: string }[];
}

const LEGAL_DATE = /Last Updated:? 2025-06-19/;

const publicPages: PublicPage[] = [
  {
    path: "/",
    // The seeded editable text of the hero (packages/db/src/seed/site-content.ts).
    heading: "The Business Phone System That Routes Every Call Right",
    texts: [
      "Smart Call Routing",
      "Advanced IVR Menus",
      "Integrated CRM",
      "Up and Running in Three Steps",
      "Sign Up",
      "Configure",
      "Connect",
      "Trusted by Growing Businesses and Nonprofits",
    ],
    links: [
      { name: "Start Your Free Trial", href: "/register" },
      { name: "Learn More", href: "/features" },
    ],
  },
  {
    path: "/features",
    texts: [],
    links: [
      { name: "Start Your Free Trial", href: "/register" },
      { name: "View Pricing Plans", href: "/pricing" },
    ],
  },
  {
    path: "/pricing",
    texts: ["Free Trial", "Starter", "Professional", "Enterprise", "MOST POPULAR", /\(Save up to 20%\)/],
    links: [{ name: "Contact our sales team", href: "/contact" }],
  },
  { path: "/marketing-programs", texts: ["500+", "98%", "300%", "50+"] },
  { path: "/nonprofit-info", texts: [/\$10,000/] },
  {
    path: "/contact",
    texts: [
      "Send Us a Message",
      /\(407\) 555-0199/,
      /sales@poundline\.com/,
      /support@poundline\.com/,
      /Orlando/,
    ],
  },
  {
    path: "/help",
    heading: "Help Center",
    texts: ["For Administrators", "For Users", "Setup Guide"],
  },
  { path: "/qa", texts: ["Account Management", "Call Features", "Troubleshooting"] },
  { path: "/request-feature", texts: [] },
  { path: "/request-phone-number", texts: [/subject to change/i] },
  { path: "/terms-of-service", heading: /Terms of Service/i, texts: [LEGAL_DATE] },
  { path: "/privacy-policy", heading: /Privacy Policy/i, texts: [LEGAL_DATE] },
  { path: "/disclaimer", heading: /Disclaimer/i, texts: [LEGAL_DATE] },
  { path: "/ca-privacy-policy", heading: /(California|CA|CCPA)/i, texts: [LEGAL_DATE] },
  { path: "/e911-policy", heading: /E911/i, texts: [LEGAL_DATE] },
];

function mainArea(page: Page) {
  return page.getByRole("main");
}

test.describe("public routes", () => {
  for (const { path, heading, texts, links = [] } of publicPages) {
    test(`${path} renders its key content`, async ({ page }) => {
      await page.goto(path);
      await appReady(page);
      const main = mainArea(page);
      const h1 = main.getByRole("heading", { level: 1 });
      await expect(h1).toHaveCount(1);
      await expect(h1).toBeVisible();
      if (heading) await expect(h1).toHaveText(heading);
      for (const text of texts) {
        const located =
          typeof text === "string" ? main.getByText(text, { exact: true }) : main.getByText(text);
        await expect(located.first(), `"${text}" on ${path}`).toBeVisible();
      }
      for (const link of links) {
        await expect(main.getByRole("link", { name: link.name, exact: true }).first()).toHaveAttribute(
          "href",
          link.href,
        );
      }
    });
  }
});

test('the app gets past "Loading application..." and the home page past its content loading', async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByText("Loading application...")).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText("Loading page content...")).toBeHidden();
  await expect(mainArea(page).getByRole("heading", { level: 1 })).toBeVisible();
});

test("pricing shows annual prices by default and monthly prices on the toggle", async ({ page }) => {
  await page.goto("/pricing");
  await appReady(page);
  const main = mainArea(page);
  // Annual by default: the per-month price billed annually and the yearly total (price x 12).
  await expect(main.getByText(/19\.99/).first()).toBeVisible();
  await expect(main.getByText(/239\.88/).first()).toBeVisible();
  await expect(main.getByText(/49\.99/).first()).toBeVisible();
  await expect(main.getByText(/99\.99/).first()).toBeVisible();
  await expect(main.getByText("MOST POPULAR", { exact: true })).toHaveCount(1);

  await main.getByText("Monthly", { exact: true }).click();
  await expect(main.getByText(/24\.99/).first()).toBeVisible();
  await expect(main.getByText(/59\.99/).first()).toBeVisible();
  await expect(main.getByText(/129\.99/).first()).toBeVisible();
  await expect(main.getByText(/239\.88/)).toHaveCount(0);

  // Every plan signs up: the trial reads "Start Free Trial", the three others "Get Started".
  await expect(main.getByRole("link", { name: "Start Free Trial", exact: true })).toHaveAttribute(
    "href",
    "/register",
  );
  const getStarted = main.getByRole("link", { name: "Get Started", exact: true });
  await expect(getStarted).toHaveCount(3);
  for (const link of await getStarted.all()) await expect(link).toHaveAttribute("href", "/register");
});

test("Q&A search filters the questions and says when nothing matches", async ({ page }) => {
  await page.goto("/qa");
  await appReady(page);
  const main = mainArea(page);
  const search = main.getByPlaceholder("Search questions...");
  // The seeded questions, not the page's fallback (which has Account Management but no Call
  // Features): a search typed before they arrive would judge the fallback.
  await expect(main.getByRole("heading", { name: "Call Features" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Account Management" })).toBeVisible();

  // A seeded question (packages/db/src/seed/site-content.ts), matched case-insensitively.
  await search.fill("POUND CODE");
  await expect(main.getByRole("heading", { name: "Call Features" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Account Management" })).toHaveCount(0);
  await expect(main.getByRole("button", { name: "What is a pound code?" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Is there a setup fee?" })).toHaveCount(0);

  await search.fill("zzz no such question zzz");
  await expect(main.getByText(/No questions found matching your search criteria\.\.\./)).toBeVisible();
});

test("an unknown path shows the 404 page with a way home", async ({ page }) => {
  await page.goto("/no-such-page/anywhere");
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "The Business Phone System That Routes Every Call Right" }),
  ).toBeVisible();
});

test("the header is transparent at the top of home, solid after scrolling and on other pages", async ({
  page,
}) => {
  await page.goto("/");
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const header = page.getByRole("banner");
  await expect(header).not.toHaveAttribute("data-solid");

  await page.mouse.move(600, 400);
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute("data-solid");
  await page.mouse.wheel(0, -2000);
  await expect(header).not.toHaveAttribute("data-solid");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Features" }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(header).toHaveAttribute("data-solid");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu toggle opens the navigation and choosing a link navigates and closes it", async ({
    page,
  }) => {
    await page.goto("/");
    await appReady(page);
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Pricing" }).click();

    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("the nonprofit site", () => {
  test('is chosen by host name: its logo label and "Our Mission" instead of "Marketing Programs"', async ({
    page,
    baseURL,
  }) => {
    const nonprofitURL = (baseURL ?? "").replace("//localhost", "//nonprofit.localhost");
    await page.goto(`${nonprofitURL}/`);
    await appReady(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Our Mission" })).toHaveAttribute("href", "/nonprofit-info");
    await expect(nav.getByRole("link", { name: "Marketing Programs" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByText("Poundline Nonprofit", { exact: true })).toBeVisible();

    await page.goto(`${nonprofitURL}/register`);
    await appReady(page);
    await expect(page.getByText("Join our community. Special nonprofit trial.")).toBeVisible();
  });

  test('is not the standard site, which shows "Marketing Programs"', async ({ page }) => {
    await page.goto("/");
    await appReady(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Marketing Programs" })).toHaveAttribute(
      "href",
      "/marketing-programs",
    );
    await expect(nav.getByRole("link", { name: "Our Mission" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByText("Poundline", { exact: true })).toBeVisible();
  });
});

/** Issue 27, item 6: what the site says is what the product does (docs/site-claims.md). */
test.describe("the site tells the truth", () => {
  test("the Q&A answers that a number is ported from the Phone Numbers screen", async ({ page }) => {
    await page.goto("/qa");
    await appReady(page);
    const main = mainArea(page);
    // The seeded answer (packages/db/src/seed/site-content.ts), not the page's fallback.
    await expect(main.getByRole("heading", { name: "Call Features" })).toBeVisible();
    await main.getByPlaceholder("Search questions...").fill("existing business number");
    await main.getByRole("button", { name: "Can I keep my existing business number?" }).click();
    await expect(main.getByText(/Port a number on the Phone Numbers screen/)).toBeVisible();
  });

  test("features and pricing promise the REST API and webhooks, not ready-made integrations", async ({
    page,
  }) => {
    await page.goto("/features");
    await appReady(page);
    const features = mainArea(page);
    await expect(
      features.getByText("A REST API and webhooks to connect your calls and texts to your CRM or helpdesk."),
    ).toBeVisible();
    await expect(features.getByText(/response times|helpdesk tools/)).toHaveCount(0);

    await page.goto("/pricing");
    await appReady(page);
    const pricing = mainArea(page);
    await expect(pricing.getByText("REST API and webhooks to connect your CRM or helpdesk")).toBeVisible();
    await expect(pricing.getByText(/^API integration/)).toHaveCount(0);
    await pricing.getByRole("button", { name: "Can I keep my current phone number?" }).click();
    await expect(pricing.getByText(/Port your existing numbers from the Phone Numbers screen/)).toBeVisible();
  });

  test("the E911 policy says 911 cannot be dialed from the browser", async ({ page }) => {
    await page.goto("/e911-policy");
    await appReady(page);
    await expect(mainArea(page).getByText(/911 cannot be dialed from the console's phone/)).toBeVisible();
  });
});
