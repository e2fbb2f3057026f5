import { Card, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { CircleCheck, type LucideIcon } from "lucide-react";
import { MUTED } from "./sections";

/**
 * A list with a check mark before each line. Kept out of sections.tsx so that the home page,
 * which has none, does not load Mantine's List.
 */
export function Checklist({ items }: { items: string[] }) {
  return (
    <List
      spacing="sm"
      icon={
        <ThemeIcon size={22} radius="xl" variant="light">
          <CircleCheck size={14} aria-hidden />
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

export interface ChecklistCardProps {
  icon: LucideIcon;
  title: string;
  description: string;
  points: string[];
}

/** A large card: an icon, a level-3 title, a paragraph and a checklist of its points. */
export function ChecklistCard({ icon: Icon, title, description, points }: ChecklistCardProps) {
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack gap="md">
        <ThemeIcon size={56} radius="md">
          <Icon size={28} aria-hidden />
        </ThemeIcon>
        <Title order={3} fz="xl">
          {title}
        </Title>
        <Text c={MUTED}>{description}</Text>
        <Checklist items={points} />
      </Stack>
    </Card>
  );
}
