import { Accordion, Card, Group, Text, ThemeIcon, Title } from "@mantine/core";
import type { LucideIcon } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import type { FaqItem, FaqResponse } from "./faq";

/** What the help centre and the Q&A page share: loading the FAQ and showing its cards and answers. */

interface FaqLoadOptions {
  /** The title of the toast when the FAQ cannot be loaded. */
  errorTitle: string;
  /** The items shown instead when the FAQ cannot be loaded. */
  fallback: FaqItem[];
}

/** The published FAQ in this order, fetched once; on failure a toast and the fallback items. */
export function useFaqItems(order: "display" | "category", { errorTitle, fallback }: FaqLoadOptions) {
  const [items, setItems] = useState<FaqItem[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    api<FaqResponse>(`/api/faq?order=${order}`, { signal: controller.signal })
      .then((data) => setItems(data.items))
      .catch((error: Error) => {
        if (controller.signal.aborted) return;
        toast({ title: errorTitle, description: error.message, variant: "destructive" });
        setItems(fallback);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [order, errorTitle, fallback]);

  return { items, loading };
}

/** The spinner and its words while the FAQ loads. */
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
