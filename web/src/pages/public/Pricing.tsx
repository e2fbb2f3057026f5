import {
  Accordion,
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { Check, Info, X } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useSession } from "../../app/session";
import { type PlanCheckout, usePlanCheckout } from "../../modules/billing/plan-checkout";
import {
  ANNUAL_SAVING_LABEL,
  annualTotal,
  type BillingPeriod,
  DEFAULT_BILLING_PERIOD,
  formatPrice,
  type LicenceTier,
  licenceTiers,
  monthlyRate,
  type Plan,
  plans,
  pricingFaq,
  TRIAL_LENGTH,
} from "./pricing-plans";
import { bandLinkClass, CtaBand, MUTED, PageHero, Section } from "./sections";

const billingOptions = [
  { label: "Monthly", value: "monthly" },
  { label: "Annually", value: "annual" },
];

/** Shown when the card provider sends the visitor back from an abandoned checkout. */
function CheckoutCancelledNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  if (searchParams.get("status") !== "cancel") return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<Info size={20} aria-hidden />}
      title="Checkout cancelled"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setSearchParams({}, { replace: true })}
      mb="xl"
      styles={{ title: { color: "var(--mantine-color-dark-7)" } }}
    >
      Your checkout was cancelled. No charge was made.
    </Alert>
  );
}

function PlanPrice({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const caption = plan.isTrial
    ? `Free for ${TRIAL_LENGTH}`
    : period === "annual"
      ? `$${annualTotal(plan)} billed annually`
      : "Billed monthly";
  return (
    <Stack gap={2}>
      <Group gap={4} align="baseline" wrap="nowrap">
        <Text fz={34} fw={800} lh={1}>
          {formatPrice(monthlyRate(plan, period))}
        </Text>
        <Text c={MUTED}>/month</Text>
      </Group>
      <Text fz="sm" c={MUTED}>
        {caption}
      </Text>
    </Stack>
  );
}

/** One line of a feature list: a tick, or a grey cross and a spoken "Not included" for what is left out. */
function FeatureItem({ feature, included = true }: { feature: string; included?: boolean }) {
  const Mark = included ? Check : X;
  return (
    <List.Item
      c={included ? undefined : MUTED}
      icon={
        <ThemeIcon size={20} radius="xl" variant="light" color={included ? undefined : "gray"}>
          <Mark size={12} aria-hidden />
        </ThemeIcon>
      }
    >
      {!included && <VisuallyHidden>Not included: </VisuallyHidden>}
      {feature}
    </List.Item>
  );
}

interface PlanProps {
  plan: Plan;
  period: BillingPeriod;
  /** Stripe Checkout, for a signed-in user; null for a visitor (who signs up first). */
  checkout: PlanCheckout | null;
}

/** A paid plan's button: Stripe Checkout for a signed-in user, sign-up first for a visitor. */
function PlanButton({ plan, period, checkout }: PlanProps) {
  const label = plan.isTrial ? "Start Free Trial" : "Get Started";
  const look = { fullWidth: true, size: "md", variant: plan.popular ? "filled" : "outline" } as const;
  if (plan.isTrial || !checkout)
    return (
      <Button component={Link} to="/register" {...look}>
        {label}
      </Button>
    );
  return (
    <Button
      {...look}
      loading={checkout.pendingPlan === plan.name}
      onClick={() => checkout.start(plan.name, period)}
    >
      {label}
    </Button>
  );
}

function PlanCard({ plan, period, checkout }: PlanProps) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      shadow={plan.popular ? "lg" : undefined}
      style={
        plan.popular ? { borderColor: "var(--mantine-primary-color-filled)", borderWidth: 2 } : undefined
      }
    >
      {plan.popular && (
        <Card.Section bg="var(--mantine-primary-color-filled)" py={6} mb="md">
          <Text ta="center" c="white" fz="xs" fw={800} lts={1}>
            MOST POPULAR
          </Text>
        </Card.Section>
      )}
      <Stack gap="lg" h="100%">
        <Stack gap={6}>
          <Title order={3} fz="xl">
            {plan.name}
          </Title>
          <Text fz="sm" c={MUTED}>
            {plan.description}
          </Text>
        </Stack>
        <PlanPrice plan={plan} period={period} />
        <PlanButton plan={plan} period={period} checkout={checkout} />
        <List spacing="xs" fz="sm" center>
          {plan.features.map((feature) => (
            <FeatureItem key={feature} feature={feature} />
          ))}
          {plan.notIncluded.map((feature) => (
            <FeatureItem key={feature} feature={feature} included={false} />
          ))}
        </List>
      </Stack>
    </Card>
  );
}

function LicenceCard({ tier }: { tier: LicenceTier }) {
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack gap="md" h="100%">
        <Title order={3} fz="xl">
          {tier.name}
        </Title>
        <Text fz={32} fw={800} lh={1}>
          {tier.price}
        </Text>
        <Text fz="sm" c={MUTED}>
          {tier.description}
        </Text>
        <List spacing="xs" fz="sm" center style={{ flex: 1 }}>
          {tier.features.map((feature) => (
            <FeatureItem key={feature} feature={feature} />
          ))}
        </List>
        <Button component={Link} to="/contact" variant="outline" fullWidth>
          {tier.cta}
        </Button>
      </Stack>
    </Card>
  );
}

export function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD);
  const { user } = useSession();
  const checkout = usePlanCheckout();

  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple, Transparent Pricing"
        subtitle="Choose the plan that fits your business. Every plan starts with a 1-month free trial, no credit card and no setup fee."
      />

      <Section title="Choose Your Plan" subtitle="Switch between monthly and annual billing at any time.">
        <CheckoutCancelledNotice />
        <Group justify="center" gap="sm" mb={40}>
          <SegmentedControl
            aria-label="Billing period"
            size="md"
            radius="xl"
            data={billingOptions}
            value={period}
            onChange={(value) => setPeriod(value as BillingPeriod)}
          />
          <Text fw={600} c="gray.8">
            {ANNUAL_SAVING_LABEL}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {plans.map((plan) => (
            <PlanCard key={plan.name} plan={plan} period={period} checkout={user ? checkout : null} />
          ))}
        </SimpleGrid>
      </Section>

      <Section
        tinted
        title="Pound-Code Licensing"
        subtitle="Own a memorable dial code like #4LAW or #TAXI. A licence gives your business the territory rights to a vanity pound code, priced to the size of your market."
      >
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {licenceTiers.map((tier) => (
            <LicenceCard key={tier.name} tier={tier} />
          ))}
        </SimpleGrid>
      </Section>

      <Section title="Frequently Asked Questions">
        <Box maw={820} mx="auto">
          <Accordion variant="separated" radius="md" order={3}>
            {pricingFaq.map((item) => (
              <Accordion.Item key={item.question} value={item.question}>
                <Accordion.Control>{item.question}</Accordion.Control>
                <Accordion.Panel>
                  <Text c={MUTED}>{item.answer}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Box>
      </Section>

      <CtaBand
        title="Ready to Get Started?"
        text={
          <>
            Try Poundline free for 1 month, no credit card required. Need a custom setup?{" "}
            <Anchor component={Link} to="/contact" className={bandLinkClass} fz="lg">
              Contact our sales team
            </Anchor>
            .
          </>
        }
      >
        <Button component={Link} to="/register" size="lg" variant="white">
          Start Your Free Trial
        </Button>
      </CtaBand>
    </>
  );
}
