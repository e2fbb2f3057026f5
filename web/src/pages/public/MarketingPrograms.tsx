import { Box, Button, Card, Container, SimpleGrid, Text, Title } from "@mantine/core";
import { BarChart3, Hash, MapPin, Megaphone, Route, Smartphone, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { ChecklistCard, type ChecklistCardProps } from "./checklist";
import { CtaBand, FeatureGrid, MUTED, NumberedSteps, PageHero, Section, type Step } from "./sections";

/** The partnership's track record, as advertised (seed 000, section 9). */
const stats = [
  { value: "500+", label: "Campaigns launched" },
  { value: "98%", label: "Client retention" },
  { value: "300%", label: "Average ROI increase" },
  { value: "50+", label: "Industries served" },
];

const partners: ChecklistCardProps[] = [
  {
    icon: Sparkles,
    title: "The Marketing Agency",
    description:
      "A full-service agency that plans, creates and places campaigns built to make the phone ring.",
    points: [
      "Campaign strategy and audience research",
      "Creative for radio, TV, billboards, print and digital",
      "Media planning and buying",
      "Monthly performance reviews",
    ],
  },
  {
    icon: Hash,
    title: "The Pound-Code Provider",
    description:
      "Poundline licenses premium pound codes with territory rights and routes every call they bring in.",
    points: [
      "Licensed vanity codes such as #4LAW and #TAXI",
      "Exclusive rights in your territory",
      "Smart and geo-location call routing",
      "Call analytics and a built-in CRM for every lead",
    ],
  },
];

const benefits = [
  {
    icon: Hash,
    title: "Memorable by Design",
    description:
      "A short code like #4LAW sticks after a 30-second radio spot, where a ten-digit number is forgotten.",
  },
  {
    icon: MapPin,
    title: "Exclusive Territory Rights",
    description: "Your code is yours in your market: competitors cannot advertise the same code against you.",
  },
  {
    icon: BarChart3,
    title: "Measurable Response",
    description:
      "Every call to your code is counted and logged, so you see how many calls your campaigns bring in.",
  },
  {
    icon: Megaphone,
    title: "Works on Every Channel",
    description: "One code reads well on a billboard, sounds clear on the radio and fits any social post.",
  },
  {
    icon: Route,
    title: "Reaches the Right Person",
    description: "Calls are routed by time of day or caller location to the office or agent ready to answer.",
  },
  {
    icon: Smartphone,
    title: "Made for Mobile",
    description:
      "Customers dial the code straight from their cell phone, with no number to look up or write down.",
  },
];

const programSteps: Step[] = [
  { title: "Discovery", description: "We learn your market, your customers and the results you are after." },
  {
    title: "Code & Territory",
    description: "We match you with an available pound code and secure your territory.",
  },
  {
    title: "Campaign Launch",
    description: "The agency builds and places creative that puts your code front and centre.",
  },
  {
    title: "Measure & Optimize",
    description: "Call analytics show what works, and the budget follows the results.",
  },
];

function Stats() {
  return (
    <Box component="section" aria-labelledby="results-heading" bg="var(--mantine-color-gray-0)">
      <Container size="lg" py={{ base: 48, md: 64 }}>
        <Title id="results-heading" order={2} ta="center" fz={{ base: 28, md: 36 }} mb="xl">
          Results That Speak for Themselves
        </Title>
        <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="lg" m={0}>
          {stats.map((stat) => (
            <Card key={stat.label} withBorder radius="lg" padding="lg" ta="center">
              <Text component="dt" fz="sm" fw={600} c={MUTED} style={{ order: 2 }}>
                {stat.label}
              </Text>
              <Text
                component="dd"
                m={0}
                fz={{ base: 36, md: 48 }}
                fw={800}
                c="var(--mantine-primary-color-filled)"
              >
                {stat.value}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function MarketingProgramsPage() {
  return (
    <>
      <PageHero
        eyebrow="Marketing Programs"
        title="Turn Every Ad Into a Phone Call"
        subtitle="Poundline has partnered with a full-service marketing agency to pair proven campaign strategy with memorable pound codes like #4LAW and #TAXI, so your customers can reach you the moment they see or hear your ad."
      >
        <Button component={Link} to="/contact" size="lg">
          Talk to Our Team
        </Button>
        <Button component={Link} to="/pricing" size="lg" variant="default">
          View Licensing Options
        </Button>
      </PageHero>

      <Stats />

      <Section
        title="One Partnership, Two Specialists"
        subtitle="The agency brings the audience; Poundline makes sure every call they send is answered, routed and tracked."
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {partners.map((partner) => (
            <ChecklistCard key={partner.title} {...partner} />
          ))}
        </SimpleGrid>
      </Section>

      <Section
        tinted
        title="How Pound Codes Boost Your Campaigns"
        subtitle="A pound code is a short, licensed vanity dial code. It turns attention into calls you can count."
      >
        <FeatureGrid items={benefits} cols={{ base: 1, sm: 2, md: 3 }} />
      </Section>

      <Section title="How the Program Works">
        <NumberedSteps steps={programSteps} cols={{ base: 1, sm: 2, md: 4 }} compact />
      </Section>

      <CtaBand
        title="Ready to Make Your Brand Unforgettable?"
        text="Tell us about your market and goals. We will show you which pound codes are available in your territory and how a campaign around them could perform."
      >
        <Button component={Link} to="/contact" size="lg" variant="white">
          Contact Us
        </Button>
      </CtaBand>
    </>
  );
}
