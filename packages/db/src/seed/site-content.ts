import { count } from "drizzle-orm";
import type { contentTypes, rateKinds, rateUnits } from "../schema/enums";
import { editableContent, faqItems, rates } from "../schema/index";
import type { SeedContext } from "./context";

/** Platform-wide rows: the public site's texts, the FAQ and the usage rates. */

export interface ContentDefault {
  key: string;
  type: (typeof contentTypes)[number];
  value: string;
  description: string;
}

/** Every key the home page reads, with the copy it shows until an admin edits it. */
export const homeContentDefaults: readonly ContentDefault[] = [
  {
    key: "homepage_hero_title",
    type: "text",
    value: "The Business Phone System That Routes Every Call Right",
    description: "Home hero: main heading",
  },
  {
    key: "homepage_hero_subtitle",
    type: "textarea",
    value:
      "Local and toll-free numbers, multi-level IVR menus, geo-location routing, voicemail to email and a built-in CRM, all in one cloud phone system your team can set up in minutes.",
    description: "Home hero: text under the heading",
  },
  {
    key: "homepage_hero_cta_button_text",
    type: "text",
    value: "Start Your Free Trial",
    description: "Home hero: button to /register",
  },
  {
    key: "features_highlight_title",
    type: "text",
    value: "Everything You Need to Answer Every Customer",
    description: "Features section: heading",
  },
  {
    key: "features_highlight_item1_title",
    type: "text",
    value: "Smart Call Routing",
    description: "Features section: first item title",
  },
  {
    key: "features_highlight_item1_desc",
    type: "textarea",
    value:
      "Send callers to the right person by time of day, caller location or area code. Ring your team at once, in order or round-robin, and never miss a lead after hours.",
    description: "Features section: first item text",
  },
  {
    key: "features_highlight_item2_title",
    type: "text",
    value: "Advanced IVR Menus",
    description: "Features section: second item title",
  },
  {
    key: "features_highlight_item2_desc",
    type: "textarea",
    value:
      "Greet callers with a professional auto-attendant. Build multi-level menus that route to departments, extensions, voicemail or a live operator with a few clicks.",
    description: "Features section: second item text",
  },
  {
    key: "features_highlight_item3_title",
    type: "text",
    value: "Integrated CRM",
    description: "Features section: third item title",
  },
  {
    key: "features_highlight_item3_desc",
    type: "textarea",
    value:
      "Every caller and texter becomes a contact automatically, with call history, messages, lead status, tags and follow-up dates in one place.",
    description: "Features section: third item text",
  },
  {
    key: "how_it_works_title",
    type: "text",
    value: "Up and Running in Three Steps",
    description: "How it works: heading",
  },
  {
    key: "how_it_works_step1_title",
    type: "text",
    value: "Sign Up",
    description: "How it works: step 1 title",
  },
  {
    key: "how_it_works_step1_desc",
    type: "textarea",
    value:
      "Create your account in two minutes. Your one-month free trial includes a local number, one admin and two users, and no credit card is required.",
    description: "How it works: step 1 text",
  },
  {
    key: "how_it_works_step2_title",
    type: "text",
    value: "Configure",
    description: "How it works: step 2 title",
  },
  {
    key: "how_it_works_step2_desc",
    type: "textarea",
    value:
      "Choose your numbers, set business hours, build your IVR menu and add extensions for your team from the dashboard.",
    description: "How it works: step 2 text",
  },
  {
    key: "how_it_works_step3_title",
    type: "text",
    value: "Connect",
    description: "How it works: step 3 title",
  },
  {
    key: "how_it_works_step3_desc",
    type: "textarea",
    value:
      "Take calls and texts from any device, add click-to-call buttons to your website and watch every conversation land in your CRM.",
    description: "How it works: step 3 text",
  },
  {
    key: "testimonials_title",
    type: "text",
    value: "Trusted by Growing Businesses and Nonprofits",
    description: "Testimonials: heading",
  },
  {
    key: "cta_banner_title",
    type: "text",
    value: "Ready to Give Your Business a Better Phone System?",
    description: "Closing banner: heading",
  },
  {
    key: "cta_banner_button_text",
    type: "text",
    value: "Get Started Free",
    description: "Closing banner: button to /register",
  },
];

export interface FaqSeed {
  category: string;
  question: string;
  answer: string;
}

/**
 * The help centre reads the categories admin, user and setup_guide; the Q&A page groups the
 * free-text categories. Display order is the position within a category.
 */
export const faqSeed: readonly FaqSeed[] = [
  {
    category: "admin",
    question: "How do I add users to my account?",
    answer:
      "Open Settings and invite a teammate by email. The free trial includes one admin and two users; paid plans raise the limit (Starter 5 users, Professional 15, Enterprise unlimited within fair use).",
  },
  {
    category: "admin",
    question: "How do I set up business hours and after-hours routing?",
    answer:
      "Go to Call Routing, select a number and set the hours for each day. Choose where calls go during business hours (an IVR menu, an extension or a ring group) and after hours (voicemail, a forwarding number or another menu).",
  },
  {
    category: "admin",
    question: "How do I build an IVR menu?",
    answer:
      "Open IVR Menus and click New Menu. Write the greeting or upload a recording, then add a menu option per key: each key can go to another menu, an extension, voicemail, the operator, or play a message.",
  },
  {
    category: "admin",
    question: "Where do I see billing and add funds?",
    answer:
      "Billing & Wallet shows your balance, every charge and top-up, your subscription and invoices. Click Add Funds to Wallet to top up by card; usage such as calls and texts is paid from the wallet.",
  },
  {
    category: "user",
    question: "How do I check my voicemail?",
    answer:
      "Open Voicemails in the dashboard. New messages are marked unread, and each one shows its transcription; you can also receive voicemails by email from Settings > Notifications.",
  },
  {
    category: "user",
    question: "How do I send a text message to a customer?",
    answer:
      "Open Messages, choose a conversation or a contact, type your message and press Enter to send. Shift+Enter adds a new line.",
  },
  {
    category: "user",
    question: "How do I update my profile or password?",
    answer:
      "Open Settings from the user menu. The Profile tab changes your name, phone and photo; the Password tab changes your password.",
  },
  {
    category: "user",
    question: "Where can I see my call history?",
    answer:
      "Call History lists every inbound and outbound call with its time, duration and status. Search by number or notes, or filter by direction and date.",
  },
  {
    category: "setup_guide",
    question: "What should I set up first?",
    answer:
      "Confirm your E911 address, choose your phone number, set your business hours, then create your main IVR menu and the extensions for your team. Most businesses are ready in under 30 minutes.",
  },
  {
    category: "setup_guide",
    question: "Can I keep my existing business number?",
    answer:
      "Yes. Choose Port a number on the Phone Numbers screen: check that your numbers can be ported, give your current carrier's account details, sign the letter of authorization online and follow each number's status there. Porting usually takes 7-10 business days and your current service keeps working until the transfer completes.",
  },
  {
    category: "setup_guide",
    question: "How do I add call buttons to my website?",
    answer:
      "Open Website Widgets, choose call, text or both, pick your colours and number, then copy the snippet into your site's HTML just before the closing body tag.",
  },
  {
    category: "Account Management",
    question: "What does the free trial include?",
    answer:
      "The one-month free trial includes one local number, one admin and two users, with no credit card required. After the trial your account stays accessible, but calls, texts and active features may be limited until you subscribe.",
  },
  {
    category: "Account Management",
    question: "Is there a setup fee?",
    answer: "No. There is no setup fee on any plan; you pay the monthly plan price and your usage.",
  },
  {
    category: "Account Management",
    question: "How do upgrades and downgrades work?",
    answer:
      "Upgrades take effect immediately. Downgrades take effect at the start of your next billing cycle. If you cancel, your plan stays active until the end of the current billing period.",
  },
  {
    category: "Account Management",
    question: "Why do you need my physical address?",
    answer:
      "Each number's physical address is registered with our carrier for emergency (E911) services, so it must be a valid street address where the phone is used, not a PO box. Keep it current on the Phone Numbers screen.",
  },
  {
    category: "Account Management",
    question: "Do you offer annual billing?",
    answer: "Yes. Paying annually saves up to 20% compared with monthly billing.",
  },
  {
    category: "Call Features",
    question: "What ring strategies are available?",
    answer:
      "Simultaneous rings every phone in the group at once, sequential rings them one after another, and round-robin spreads calls evenly across your team. The ring timeout can be set from 5 to 120 seconds.",
  },
  {
    category: "Call Features",
    question: "How does geo-location routing work?",
    answer:
      "Rules match the caller's state, province, area code or country and send the call to the licensee or IVR menu you choose. Rules are checked from the lowest priority number up; the first match wins, and calls that match nothing follow the number's default routing.",
  },
  {
    category: "Call Features",
    question: "What is a pound code?",
    answer:
      "A pound code such as #4LAW or #TAXI is a premium vanity code licensed by territory and category. Callers dial the short code and reach the licensee that holds the territory they call from.",
  },
  {
    category: "Call Features",
    question: "Can I choose my hold music?",
    answer:
      "Yes. Pick default, classical or jazz for each number, or upload your own audio file as custom music.",
  },
  {
    category: "Text Messaging (SMS)",
    question: "Can I text from my business number?",
    answer:
      "Yes. Local numbers can send and receive SMS and MMS; replies arrive in Messages and are saved to the contact's history. Before carriers accept your texts, register your business from the console: A2P 10DLC for local numbers, toll-free verification for toll-free numbers.",
  },
  {
    category: "Text Messaging (SMS)",
    question: "How are text messages billed?",
    answer:
      "Each SMS segment (up to 160 standard characters) is charged from your wallet, and MMS picture messages are charged per message. Your plan's monthly SMS allowance is shown on the pricing page.",
  },
  {
    category: "Text Messaging (SMS)",
    question: "What happens when a customer replies STOP?",
    answer:
      "They are opted out automatically and no further messages are sent to them from that number until they text START.",
  },
  {
    category: "Troubleshooting",
    question: "Calls are going straight to voicemail. What should I check?",
    answer:
      "Check the number's business hours and time zone in Call Routing, make sure the extensions in the ring group are reachable, and raise the ring timeout if calls stop ringing too early.",
  },
  {
    category: "Troubleshooting",
    question: "I did not receive the confirmation email.",
    answer:
      "Check your spam folder and make sure the address is spelled correctly. If it still has not arrived after a few minutes, contact support and we will resend it.",
  },
  {
    category: "Troubleshooting",
    question: "My text messages are not being delivered.",
    answer:
      "Make sure your number's texting registration (A2P 10DLC or toll-free verification) is approved, that the recipient has not opted out, that the number is in E.164 format (+ and the country code: +1 followed by 10 digits in the US and Canada) and that your wallet has funds. Undelivered messages show the carrier's error in the conversation.",
  },
  {
    category: "Setup Guide",
    question: "How long does number porting take?",
    answer:
      "Porting an existing number usually takes 7-10 business days. The Phone Numbers screen shows each number's status and we email you at each change; keep your current service active until the port completes.",
  },
  {
    category: "Setup Guide",
    question: "Do I need special equipment?",
    answer:
      "No. Calls work in the browser, on a computer or on your phone once you install the console from the browser, and you can forward calls to any existing phone. A SIP desk phone or PBX can be rung from an extension by its SIP address.",
  },
  {
    category: "Setup Guide",
    question: "How do I get a toll-free number?",
    answer:
      "Open Phone Numbers and buy one from the toll-free search, or use Request a Phone Number, choose Toll-Free Number and the quantity you need. Every paid plan includes toll-free numbers (the free trial has one local number); availability is subject to change.",
  },
];

export interface RateSeed {
  kind: (typeof rateKinds)[number];
  centsPerUnit: number;
  unit: (typeof rateUnits)[number];
  description: string;
}

export const usageRates: readonly RateSeed[] = [
  { kind: "call_inbound", centsPerUnit: 1, unit: "minute", description: "Inbound call to a local number" },
  { kind: "call_outbound", centsPerUnit: 2, unit: "minute", description: "Outbound call" },
  {
    kind: "call_toll_free",
    centsPerUnit: 3,
    unit: "minute",
    description: "Inbound call to a toll-free number",
  },
  { kind: "sms_segment", centsPerUnit: 1, unit: "segment", description: "SMS, per 160-character segment" },
  { kind: "mms_message", centsPerUnit: 3, unit: "message", description: "MMS picture message" },
];

/** Adds what is missing: content keys and rates by their unique key, the FAQ only into an empty table. */
export async function seedSiteContent(ctx: SeedContext): Promise<void> {
  const { tx } = ctx;
  const since = ctx.calendar.daysBefore(400);
  await tx
    .insert(editableContent)
    .values(
      homeContentDefaults.map((c) => ({
        id: ctx.id("content"),
        contentKey: c.key,
        contentType: c.type,
        contentValue: c.value,
        pageSlug: "home",
        description: c.description,
        createdAt: since,
        updatedAt: since,
      })),
    )
    .onConflictDoNothing({ target: editableContent.contentKey });

  await tx
    .insert(rates)
    .values(usageRates.map((r) => ({ id: ctx.id("rate"), ...r, createdAt: since, updatedAt: since })))
    .onConflictDoNothing({ target: rates.kind });

  const [faq] = await tx.select({ n: count() }).from(faqItems);
  if ((faq?.n ?? 0) > 0) return;
  const positions = new Map<string, number>();
  await tx.insert(faqItems).values(
    faqSeed.map((f) => {
      const displayOrder = (positions.get(f.category) ?? 0) + 1;
      positions.set(f.category, displayOrder);
      return { id: ctx.id("faq"), ...f, displayOrder, isPublished: true, createdAt: since, updatedAt: since };
    }),
  );
}
