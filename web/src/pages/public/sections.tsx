import {
  Badge,
  Box,
  Card,
  Container,
  Group,
  SimpleGrid,
  type SimpleGridProps,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import classes from "./sections.module.css";

/** Secondary text colour: Mantine's "dimmed" grey is too light for WCAG AA on white. */
export const MUTED = "gray.7";

interface PageHeroProps {
  /** A short label above the title. */
  eyebrow?: string;
  title: string;
  subtitle: ReactNode;
  /** Buttons or links under the subtitle. */
  children?: ReactNode;
  /** A small line under the buttons. */
  footnote?: ReactNode;
  /** The home page's hero slides under its transparent header. */
  underHeader?: boolean;
}

/** The top of every public page, carrying the page's one level-1 heading. */
export function PageHero({
  eyebrow,
  title,
  subtitle,
  children,
  footnote,
  underHeader = false,
}: PageHeroProps) {
  const className = underHeader ? `${classes.hero} ${classes.underHeader}` : classes.hero;
  return (
    <Box component="section" className={className}>
      <Container size="lg" py={{ base: 56, md: 96 }}>
        <Stack align="center" ta="center" gap="lg">
          {eyebrow && (
            <Badge variant="light" size="lg" radius="sm">
              {eyebrow}
            </Badge>
          )}
          <Title order={1} fz={{ base: 34, sm: 44, md: 54 }} lh={1.15} maw={900}>
            {title}
          </Title>
          <Text fz={{ base: "lg", md: "xl" }} c={MUTED} maw={740}>
            {subtitle}
          </Text>
          {children && (
            <Group justify="center" gap="md" mt="sm">
              {children}
            </Group>
          )}
          {footnote && (
            <Text fz="sm" c={MUTED}>
              {footnote}
            </Text>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

interface SectionProps {
  title: string;
  subtitle?: ReactNode;
  /** A grey background, to tell neighbouring sections apart. */
  tinted?: boolean;
  children: ReactNode;
}

/** A page section with a centred level-2 heading. */
export function Section({ title, subtitle, tinted = false, children }: SectionProps) {
  return (
    <Box component="section" className={tinted ? classes.tinted : undefined}>
      <Container size="lg" py={{ base: 56, md: 80 }}>
        <Stack align="center" ta="center" gap="sm" mb={{ base: 32, md: 48 }}>
          <Title order={2} fz={{ base: 28, md: 36 }}>
            {title}
          </Title>
          {subtitle && (
            <Text fz="lg" c={MUTED} maw={680}>
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

export interface FeatureCardProps {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** An icon, a level-3 title and a line of text. */
export function FeatureCard({ icon: Icon, title, description }: FeatureCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.card}>
      <ThemeIcon size={48} radius="md" variant="light" mb="md">
        <Icon size={24} aria-hidden />
      </ThemeIcon>
      <Title order={3} fz="lg" mb={6}>
        {title}
      </Title>
      <Text fz="sm" c={MUTED}>
        {description}
      </Text>
    </Card>
  );
}

/** Feature cards in a grid of `cols` columns per breakpoint. */
export function FeatureGrid({ items, cols }: { items: FeatureCardProps[]; cols: SimpleGridProps["cols"] }) {
  return (
    <SimpleGrid cols={cols} spacing="lg">
      {items.map((item) => (
        <FeatureCard key={item.title} {...item} />
      ))}
    </SimpleGrid>
  );
}

export interface Step {
  title: string;
  description: string;
}

/** Looks of the steps: roomy for a row of three, compact for a row of four. */
const stepLooks = {
  roomy: { circle: 56, number: 22, title: "xl", text: { maw: 320 } },
  compact: { circle: 52, number: 20, title: "lg", text: { fz: "sm" } },
} as const;

interface NumberedStepsProps {
  steps: Step[];
  cols: SimpleGridProps["cols"];
  compact?: boolean;
}

/** An ordered list of steps, each a number in a circle over a level-3 title and its text. */
export function NumberedSteps({ steps, cols, compact = false }: NumberedStepsProps) {
  const looks = compact ? stepLooks.compact : stepLooks.roomy;
  return (
    <SimpleGrid component="ol" cols={cols} spacing="xl" p={0} m={0} style={{ listStyle: "none" }}>
      {steps.map((step, index) => (
        <Stack component="li" key={step.title} align="center" ta="center" gap="sm">
          <ThemeIcon size={looks.circle} radius="xl" fz={looks.number} fw={800} aria-hidden>
            {index + 1}
          </ThemeIcon>
          <Title order={3} fz={looks.title}>
            {step.title}
          </Title>
          <Text c={MUTED} {...looks.text}>
            {step.description}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

interface CtaBandProps {
  title: string;
  text?: ReactNode;
  /** Buttons (use `variant="white"`) and links (use `bandLinkClass`). */
  children: ReactNode;
}

/** The closing call to action: a dark band with white text. */
export function CtaBand({ title, text, children }: CtaBandProps) {
  return (
    <Box component="section" className={classes.band}>
      <Container size="md" py={{ base: 56, md: 80 }}>
        <Stack align="center" ta="center" gap="md">
          <Title order={2} c="white" fz={{ base: 28, md: 36 }}>
            {title}
          </Title>
          {text && (
            <Text fz="lg" c="white" maw={640}>
              {text}
            </Text>
          )}
          <Group justify="center" gap="md" mt="sm">
            {children}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

/** White, underlined link text for use inside a CtaBand. */
export const bandLinkClass = classes.bandLink;
