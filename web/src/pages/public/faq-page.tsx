import { Accordion, Card, Group, Text, ThemeIcon, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { FaqOrder } from "../../api/client";
import { useApi } from "../../api/context";
import type { FaqItem } from "./faq";

/** What the help centre and the Q&A page share: loading the FAQ and showing its cards and answers. */

interface FaqLoadOptions {
  /** The title of the toast when the FAQ cannot be loaded. */
  errorTitle: string;
  /** The items shown instead when the FAQ cannot be loaded. */
  fallback: FaqItem[];
}

/** The published FAQ in this order; on failure a toast and the fallback items. */
export function useFaqItems(order: FaqOrder, { errorTitle, fallback }: FaqLoadOptions) {
  const api = useApi();
  const { data, isError, isPending } = useQuery({
    queryKey: ["faq", order],
    queryFn: ({ signal }) => api.site.faq({ order }, signal),
    meta: { toastTitle: errorTitle },
  });
  const items = isError ? fallback : (data?.items ?? []);
  return { items, loading: isPending };
}

interface FaqCardProps {
  icon: LucideIcon;
  /** The card's level-2 heading. */
  title: string;
  /** Shown after the heading, e.g. a count. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A card section with an icon and a level-2 heading over its questions. */
export function FaqCard({ icon: Icon, title, aside, children }: FaqCardProps) {
  return (
    <Card withBorder padding="lg" component="section">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size="lg" variant="light" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/** Questions (h3) that open to show their answers; `multiple` lets several stay open at once. */
export function FaqAnswers({ items, multiple = false }: { items: FaqItem[]; multiple?: boolean }) {
  return (
    <Accordion multiple={multiple} variant="separated" order={3}>
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id}>
          <Accordion.Control>{item.question}</Accordion.Control>
          <Accordion.Panel>
            <Text style={{ whiteSpace: "pre-line" }}>{item.answer}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
