import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, useMantineTheme } from "@mantine/core";
import {
  BarChart3,
  Contact,
  ListTree,
  MapPin,
  MessageSquare,
  Quote,
  Route,
  Settings,
  Star,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { variantDetails } from "../../app/site";
import { useSiteVariant } from "../../app/site-config";
import { PageLoader } from "../../layout/PageLoader";
import type { HomeContent } from "./home-content";
import {
  CtaBand,
  type FeatureCardProps,
  FeatureGrid,
  MUTED,
  NumberedSteps,
  PageHero,
  Section,
  type Step,
} from "./sections";
import { useHomeContent } from "./use-home-content";

/** Seed 000: a testimonial never shows more than five stars. */
const MAX_STARS = 5;
const STAR_POSITIONS = Array.from({ length: MAX_STARS }, (_, index) => index + 1);

interface Testimonial {
  quote: string;
  name: string;
  title: string;
  avatarText: string;
  /** 1 to 5. */
  rating: number;
}

/** Static sample content (seed 000): the site has no testimonial store. */
const testimonials: Testimonial[] = [
  {
    quote:
      "Since we moved to Poundline we haven't missed a single after-hours call. Emergencies go straight to whoever is on call, and everything else lands in voicemail with a transcript in my inbox.",
    name: "Sarah Mitchell",
    title: "Operations Manager, Coastal Home Services",
    avatarText: "SM",
    rating: 5,
  },
  {
    quote:
      "Our IVR menu makes a five-person office sound like a national firm. Clients reach the right attorney on the first try, and our #4LAW code is the number people actually remember.",
    name: "David Chen",
    title: "Managing Partner, Chen & Alvarez Law",
    avatarText: "DC",
    rating: 5,
  },
  {
    quote:
      "Every call and text now shows up in the built-in CRM with the caller's history. Our agents follow up on every lead instead of digging through sticky notes.",
    name: "Maria Lopez",
    title: "Sales Director, Sunrise Realty Group",
    avatarText: "ML",
    rating: 4,
  },
];

const featureGrid: FeatureCardProps[] = [
  {
    icon: Route,
    title: "Call Routing",
    description:
      "Ring the right person, team or device every time, with forwarding and call queues built in.",
  },
  {
    icon: MessageSquare,
    title: "Business Texting",
    description: "Send and receive SMS and MMS from your business number, on desktop or on the go.",
  },
  {
    icon: Users,
    title: "Team Collaboration",
    description: "Conference calls, transfers and shared call queues keep your whole team in sync.",
  },
  {
    icon: BarChart3,
    title: "Call Analytics",
    description:
      "See call volume, answered and missed calls and call lengths at a glance, with full call logs.",
  },
  {
    icon: MapPin,
    title: "Geo-Location Routing",
    description: "Route callers by their state or area code to the office or agent closest to them.",
  },
  {
    icon: Settings,
    title: "Custom Configurations",
    description: "Business hours, greetings, hold music and voicemail set up exactly the way you work.",
  },
];

function Stars({ rating }: { rating: number }) {
  const filled = Math.min(Math.max(Math.round(rating), 0), MAX_STARS);
  return (
    <Group gap={2} role="img" aria-label={`${filled} out of ${MAX_STARS} stars`}>
      {STAR_POSITIONS.map((position) => (
        <Star
          key={position}
          size={18}
          aria-hidden
          color="var(--mantine-color-yellow-6)"
          fill={position <= filled ? "var(--mantine-color-yellow-6)" : "none"}
        />
      ))}
    </Group>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { primaryColor } = useMantineTheme();
  return (
    <Card withBorder radius="lg" padding="xl" h="100%">
      <Stack gap="md" h="100%">
        <Group justify="space-between">
          <Quote size={28} aria-hidden color="var(--mantine-primary-color-filled)" />
          <Stars rating={testimonial.rating} />
        </Group>
        <Text component="blockquote" m={0} fz="md" style={{ flex: 1 }}>
          “{testimonial.quote}”
        </Text>
        <Group gap="sm" wrap="nowrap">
          <Avatar color={primaryColor} variant="filled" radius="xl" aria-hidden>
            {testimonial.avatarText}
          </Avatar>
          <div>
            <Text fw={700}>{testimonial.name}</Text>
            <Text fz="sm" c={MUTED}>
              {testimonial.title}
            </Text>
          </div>
        </Group>
      </Stack>
    </Card>
  );
}

function HowItWorks({ content }: { content: HomeContent }) {
  const steps: Step[] = [
    { title: content.how_it_works_step1_title, description: content.how_it_works_step1_desc },
    { title: content.how_it_works_step2_title, description: content.how_it_works_step2_desc },
    { title: content.how_it_works_step3_title, description: content.how_it_works_step3_desc },
  ];
  return (
    <Section title={content.how_it_works_title}>
      <NumberedSteps steps={steps} cols={{ base: 1, md: 3 }} />
    </Section>
  );
}

export function HomePage() {
  const content = useHomeContent();
  const variant = useSiteVariant();

  if (!content) return <PageLoader label="Loading page content..." />;

  const highlights = [
    {
      icon: Route,
      title: content.features_highlight_item1_title,
      description: content.features_highlight_item1_desc,
    },
    {
      icon: ListTree,
      title: content.features_highlight_item2_title,
      description: content.features_highlight_item2_desc,
    },
    {
      icon: Contact,
      title: content.features_highlight_item3_title,
      description: content.features_highlight_item3_desc,
    },
  ];

  return (
    <>
      <PageHero
        underHeader
        title={content.homepage_hero_title}
        subtitle={content.homepage_hero_subtitle}
        footnote={variantDetails[variant].signUpTagline}
      >
        <Button component={Link} to="/register" size="lg">
          {content.homepage_hero_cta_button_text}
        </Button>
        <Button component={Link} to="/features" size="lg" variant="default">
          Learn More
        </Button>
      </PageHero>

      <Section title={content.features_highlight_title}>
        <FeatureGrid items={highlights} cols={{ base: 1, md: 3 }} />
      </Section>

      <Section
        tinted
        title="Built for the Way You Work"
        subtitle="One cloud phone system for calls, texts and customer relationships, with nothing to install."
      >
        <FeatureGrid items={featureGrid} cols={{ base: 1, sm: 2, md: 3 }} />
        <Group justify="center" mt="xl">
          <Button component={Link} to="/features" variant="outline">
            See All Features
          </Button>
        </Group>
      </Section>

      <HowItWorks content={content} />

      <Section tinted title={content.testimonials_title}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {testimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} />
          ))}
        </SimpleGrid>
      </Section>

      <CtaBand
        title={content.cta_banner_title}
        text="Join the businesses that never miss a call. Start your 1-month free trial today, no credit card required."
      >
        <Button component={Link} to="/register" size="lg" variant="white">
          {content.cta_banner_button_text}
        </Button>
      </CtaBand>
    </>
  );
}
