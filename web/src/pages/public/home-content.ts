/** The editable texts of the home page (seed 000, section 3), stored in the editable content table. */
export const HOME_CONTENT_KEYS = [
  "homepage_hero_title",
  "homepage_hero_subtitle",
  "homepage_hero_cta_button_text",
  "features_highlight_title",
  "features_highlight_item1_title",
  "features_highlight_item1_desc",
  "features_highlight_item2_title",
  "features_highlight_item2_desc",
  "features_highlight_item3_title",
  "features_highlight_item3_desc",
  "how_it_works_title",
  "how_it_works_step1_title",
  "how_it_works_step1_desc",
  "how_it_works_step2_title",
  "how_it_works_step2_desc",
  "how_it_works_step3_title",
  "how_it_works_step3_desc",
  "testimonials_title",
  "cta_banner_title",
  "cta_banner_button_text",
] as const;

export type HomeContentKey = (typeof HOME_CONTENT_KEYS)[number];
export type HomeContent = Record<HomeContentKey, string>;

/** What the home page says when an administrator has not written (or has emptied) a text. */
export const HOME_CONTENT_DEFAULTS: HomeContent = {
  homepage_hero_title: "The Smart Business Phone System for Growing Teams",
  homepage_hero_subtitle:
    "Route every call to the right person, greet callers with professional IVR menus and keep every conversation in a built-in CRM, all from one cloud phone system that works wherever your team does.",
  homepage_hero_cta_button_text: "Start Your Free Trial",
  features_highlight_title: "Everything Your Business Needs to Communicate",
  features_highlight_item1_title: "Smart Call Routing",
  features_highlight_item1_desc:
    "Send every caller to the right team by time of day, department or caller location, with separate business-hours and after-hours rules.",
  features_highlight_item2_title: "Advanced IVR Menus",
  features_highlight_item2_desc:
    "Greet callers with multi-level menus, spoken or recorded greetings and custom hold music that make a small team sound like an enterprise.",
  features_highlight_item3_title: "Integrated CRM",
  features_highlight_item3_desc:
    "Every call and text creates or updates a contact automatically, with caller ID, location, history, lead tracking and follow-up dates.",
  how_it_works_title: "Up and Running in Three Simple Steps",
  how_it_works_step1_title: "Sign Up",
  how_it_works_step1_desc:
    "Create your account in minutes and start your 1-month free trial. No credit card required.",
  how_it_works_step2_title: "Configure",
  how_it_works_step2_desc:
    "Pick your numbers, set up routing rules and IVR menus, and invite your team from one simple dashboard.",
  how_it_works_step3_title: "Connect",
  how_it_works_step3_desc:
    "Take calls and texts from anywhere, on your desk phone, your computer or the mobile app.",
  testimonials_title: "Trusted by Businesses Like Yours",
  cta_banner_title: "Ready to Transform Your Business Communications?",
  cta_banner_button_text: "Start Your Free Trial",
};

/** Each text as stored, or its default when the stored value is missing or blank. */
export function withHomeDefaults(stored: Readonly<Record<string, string | null | undefined>>): HomeContent {
  const content = { ...HOME_CONTENT_DEFAULTS };
  for (const key of HOME_CONTENT_KEYS) {
    const value = stored[key];
    if (typeof value === "string" && value.trim() !== "") content[key] = value;
  }
  return content;
}
