import { Box, Button, Flex, SimpleGrid } from "@mantine/core";
import {
  AudioLines,
  BarChart3,
  Clock,
  Contact,
  Globe,
  Hash,
  ListOrdered,
  ListTree,
  MapPin,
  MessageSquare,
  Mic,
  Music,
  PhoneForwarded,
  PhoneOutgoing,
  Plug,
  Route,
  ShieldCheck,
  Siren,
  SlidersHorizontal,
  Smartphone,
  Users,
  Voicemail,
} from "lucide-react";
import { Link } from "react-router";
import { ChecklistCard, type ChecklistCardProps } from "./checklist";
import { CtaBand, FeatureCard, type FeatureCardProps, PageHero, Section } from "./sections";

/** The 22 feature cards, drawn from the product's feature list (seed 000, section 1). */
const features: FeatureCardProps[] = [
  {
    icon: Route,
    title: "Smart Call Routing",
    description: "Direct every call to the right person, department or device with rules you set in minutes.",
  },
  {
    icon: ListTree,
    title: "Multi-Level IVR Menus",
    description:
      'Build "press 1 for sales" menus with as many levels as you need, so callers serve themselves.',
  },
  {
    icon: Voicemail,
    title: "Voicemail to Email",
    description: "Voicemails are transcribed and sent to your inbox, so you can read a message in seconds.",
  },
  {
    icon: BarChart3,
    title: "Call Analytics & Logs",
    description:
      "Track call volume, answered and missed calls and call lengths, with a searchable log of every call.",
  },
  {
    icon: Users,
    title: "Conference Calling",
    description: "Bring colleagues, clients and partners onto one call without a separate conferencing tool.",
  },
  {
    icon: ShieldCheck,
    title: "Secure Communications",
    description:
      "Encrypted connections and permission controls keep your calls, messages and recordings private.",
  },
  {
    icon: Clock,
    title: "Business & After-Hours Routing",
    description:
      "Different greetings and destinations for business hours, after hours, weekends and holidays.",
  },
  {
    icon: Globe,
    title: "International Numbers",
    description:
      "Give customers abroad a local number to call and expand into new markets without an office.",
  },
  {
    icon: Mic,
    title: "Call Recording",
    description:
      "Record calls for training, quality assurance and record keeping, and play them back anytime.",
  },
  {
    icon: Smartphone,
    title: "Mobile App",
    description:
      "Install the console on your phone from the browser: calls and texts on your business number, your personal number kept private.",
  },
  {
    icon: MessageSquare,
    title: "SMS & MMS Texting",
    description:
      "Text customers from your business number, with pictures, and keep every thread in one place.",
  },
  {
    icon: PhoneForwarded,
    title: "Call Forwarding",
    description:
      "Forward calls to any phone, in sequence or all at once, so an important call never goes unanswered.",
  },
  {
    icon: ListOrdered,
    title: "Call Queues",
    description: "Hold callers in order during busy periods and hand each one to the next available agent.",
  },
  {
    icon: PhoneOutgoing,
    title: "Outbound Caller ID",
    description: "Every outbound call shows your business number, so customers always know who is calling.",
  },
  {
    icon: SlidersHorizontal,
    title: "Custom Configurations",
    description:
      "Tailor greetings, ring order, extensions and permissions to match the way your business runs.",
  },
  {
    icon: Music,
    title: "Hold Music",
    description: "Play your own music or announcements while callers wait, and promote what matters to you.",
  },
  {
    icon: AudioLines,
    title: "Voice Recognition",
    description:
      "Callers we cannot place can say their postal code to reach the nearest office, and calls and voicemails are transcribed.",
  },
  {
    icon: Plug,
    title: "API Integration",
    description: "A REST API and webhooks to connect your calls and texts to your CRM or helpdesk.",
  },
  {
    icon: MapPin,
    title: "Geo-Location Routing",
    description: "Route each caller by state or area code to the nearest office, franchise or sales rep.",
  },
  {
    icon: Contact,
    title: "Built-in CRM",
    description:
      "Contacts are created from every call and text, with history, custom fields and lead tracking.",
  },
  {
    icon: Hash,
    title: "Local, Toll-Free & Vanity Codes",
    description:
      "Choose local or toll-free numbers, or license a premium vanity pound code like #4LAW or #TAXI.",
  },
  {
    icon: Siren,
    title: "E911 Emergency Calling",
    description:
      "Each number's physical address is registered with our carrier for 911 services. Read the E911 Policy's limits.",
  },
];

const enterprise: ChecklistCardProps[] = [
  {
    icon: MapPin,
    title: "Geo-Location Routing",
    description:
      "Run many locations from one shared pound-code number. Poundline reads where each call comes from and sends it to the team that serves that area.",
    points: [
      "Route by the caller's state or area code",
      "Send callers to the nearest office, franchise or territory owner",
      "A default destination for callers no rule matches",
      "Combine with business-hours rules and IVR menus",
    ],
  },
  {
    icon: Contact,
    title: "Built-in CRM",
    description:
      "Stop copying phone numbers into spreadsheets. Every conversation builds your customer records for you.",
    points: [
      "Contacts created automatically from calls and texts",
      "Caller ID, location and full conversation history",
      "Custom fields and lead tracking for your sales pipeline",
      "Follow-up dates so no lead goes cold",
    ],
  },
];

const CARD_GAP_PX = 20;
/** n cards per row: each takes 1/n of the row minus its share of the n-1 gaps. */
const perRow = (n: number) => `calc(${100 / n}% - ${((n - 1) * CARD_GAP_PX) / n}px)`;
const cardWidth = { base: "100%", sm: perRow(2), md: perRow(3), lg: perRow(4) };

export function FeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Powerful Features for Modern Business Communication"
        subtitle="Everything you need to answer, route and follow up on every call and text, in one cloud phone system that grows with your business."
      >
        <Button component={Link} to="/register" size="lg">
          Start Your Free Trial
        </Button>
        <Button component={Link} to="/pricing" size="lg" variant="default">
          View Pricing Plans
        </Button>
      </PageHero>

      <Section
        title="Everything You Need in One Phone System"
        subtitle="From your first number to a nationwide network of locations, every plan is built on the same reliable platform."
      >
        {/* A centred, wrapping row rather than a grid: 22 cards leave a partial last row, kept in the middle. */}
        <Flex wrap="wrap" justify="center" gap={CARD_GAP_PX}>
          {features.map((feature) => (
            <Box key={feature.title} w={cardWidth}>
              <FeatureCard {...feature} />
            </Box>
          ))}
        </Flex>
      </Section>

      <Section
        tinted
        title="Enterprise-Grade Routing and Customer Insight"
        subtitle="Two capabilities that set Poundline apart for multi-location businesses and licensees."
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {enterprise.map((item) => (
            <ChecklistCard key={item.title} {...item} />
          ))}
        </SimpleGrid>
      </Section>

      <CtaBand
        title="See Poundline in Action"
        text="Try Poundline free for one month. No credit card required."
      >
        <Button component={Link} to="/register" size="lg" variant="white">
          Start Your Free Trial
        </Button>
        <Button component={Link} to="/pricing" size="lg" variant="outline" color="white">
          View Pricing Plans
        </Button>
      </CtaBand>
    </>
  );
}
