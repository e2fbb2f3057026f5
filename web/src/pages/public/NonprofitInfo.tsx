import { Button, Card, Grid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { HandHeart, Handshake, Megaphone, Search } from "lucide-react";
import { Link } from "react-router";
import { variantDetails } from "../../app/site";
import { Checklist } from "./checklist";
import { CtaBand, FeatureGrid, MUTED, PageHero, Section } from "./sections";

const inquiryLink = "/contact?subject=NonprofitInquiry";
const partnershipLink = "/contact?subject=NonprofitPartnership";

const values = [
  {
    icon: HandHeart,
    title: "Technology Within Reach",
    description:
      "Enterprise-grade calling, texting and a built-in CRM at a price that respects a nonprofit budget.",
  },
  {
    icon: Megaphone,
    title: "Amplified Outreach",
    description:
      "Help donors, volunteers and the people you serve find you, and make sure every call is answered.",
  },
  {
    icon: Handshake,
    title: "Partnership, Not Just Service",
    description: "We work alongside your team to plan campaigns, measure results and grow your impact.",
  },
];

const grantSupport = [
  "Check your organization's eligibility for the grant programme",
  "Guidance through the application and account setup",
  "Campaigns built around your mission, programs and events",
  "A trackable phone number on every ad, so you see which ones make the phone ring",
];

const trialIncludes = [
  "1 local number",
  "1 admin and 2 users",
  "Smart call routing and voicemail to email",
  "Texting and the built-in CRM for donor and volunteer contacts",
  "No credit card required",
];

export function NonprofitInfoPage() {
  return (
    <>
      <PageHero
        eyebrow="Our Mission"
        title="Helping Nonprofits Stay Connected to the Communities They Serve"
        subtitle="Every missed call can be a missed donor, volunteer or person in need. We give nonprofits the same professional phone system and marketing support that large companies rely on."
      >
        <Button component={Link} to="/register" size="lg">
          Start Your Nonprofit Trial
        </Button>
        <Button component={Link} to={inquiryLink} size="lg" variant="default">
          Ask About the Program
        </Button>
      </PageHero>

      <Section
        title="Our Mission"
        subtitle="We believe organizations doing good should never be held back by the cost or complexity of communication tools."
      >
        <FeatureGrid items={values} cols={{ base: 1, md: 3 }} />
      </Section>

      <Section
        tinted
        title="$10,000 per Month in Search Advertising"
        subtitle="Eligible nonprofits can take part in a search-advertising grant programme worth $10,000 per month in ad credit. We help you put it to work."
      >
        <Grid gutter="xl" align="center">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder radius="lg" padding="xl" ta="center">
              <Stack align="center" gap="xs">
                <ThemeIcon size={64} radius="xl">
                  <Search size={32} aria-hidden />
                </ThemeIcon>
                <Text fz={44} fw={800} lh={1.1}>
                  $10,000
                </Text>
                <Text fw={600}>per month in search-advertising grants</Text>
                <Text fz="sm" c={MUTED}>
                  For qualifying nonprofit organizations
                </Text>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Title order={3} fz="xl">
                How we help you use your grant
              </Title>
              <Checklist items={grantSupport} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Section>

      <Section title="A Special Nonprofit Trial" subtitle={variantDetails.nonprofit.signUpTagline}>
        <Card withBorder radius="lg" padding="xl" maw={640} mx="auto">
          <Stack gap="md">
            <Title order={3} fz="xl">
              Your 1-month trial includes
            </Title>
            <Checklist items={trialIncludes} />
            <Button component={Link} to="/register" size="md" mt="sm">
              Start Your Nonprofit Trial
            </Button>
          </Stack>
        </Card>
      </Section>

      <CtaBand
        title="Let's Work Together"
        text="Whether you want to learn more about the program or explore a deeper partnership, we would love to hear about your mission."
      >
        <Button component={Link} to={inquiryLink} size="lg" variant="white">
          Ask About the Nonprofit Program
        </Button>
        <Button component={Link} to={partnershipLink} size="lg" variant="outline" color="white">
          Discuss a Partnership
        </Button>
      </CtaBand>
    </>
  );
}
