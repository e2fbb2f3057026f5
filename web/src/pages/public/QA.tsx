import {
  Accordion,
  Badge,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import {
  CircleQuestionMark,
  type LucideIcon,
  MessageSquare,
  PhoneCall,
  Rocket,
  Search,
  UserCog,
  Wrench,
} from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { type FaqItem, type FaqResponse, searchFaq } from "./faq";

/** Icons of the readable category names; any other category gets the question mark. */
const categoryIcons: Record<string, LucideIcon> = {
  "Account Management": UserCog,
  "Call Features": PhoneCall,
  "Text Messaging (SMS)": MessageSquare,
  Troubleshooting: Wrench,
  "Setup Guide": Rocket,
};

/** Shown when the Q&A cannot be loaded: Setup Guide and Account Management entries. */
const fallbackQa: FaqItem[] = [
  {
    id: "fallback-setup-1",
    category: "Setup Guide",
    displayOrder: 1,
    question: "How do I get started with my free trial?",
    answer:
      "Create your account, confirm your email, then sign in. Your 1-month free trial includes one local number, one admin and two users, and no credit card is needed.",
  },
  {
    id: "fallback-setup-2",
    category: "Setup Guide",
    displayOrder: 2,
    question: "How do I set up my first phone number?",
    answer:
      "In your dashboard, open Phone Numbers, choose a local or toll-free number, then set up its call routing: business hours, after-hours destination and voicemail.",
  },
  {
    id: "fallback-account-1",
    category: "Account Management",
    displayOrder: 1,
    question: "How do I reset my password?",
    answer:
      'On the sign-in page, choose "Forgot your password", enter your email and follow the link we send you.',
  },
  {
    id: "fallback-account-2",
    category: "Account Management",
    displayOrder: 2,
    question: "How do I add funds to my wallet?",
    answer:
      "Open Billing & Wallet in your dashboard and add funds by card. Calls and texts are paid from your prepaid wallet balance.",
  },
];

function CategoryGroup({ category, items }: { category: string; items: FaqItem[] }) {
  const Icon = categoryIcons[category] ?? CircleQuestionMark;
  return (
    <Card withBorder padding="lg" component="section">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size="lg" variant="light" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {category}
        </Title>
        <Badge variant="light" color="gray" c="dark.6">
          {items.length} {items.length === 1 ? "question" : "questions"}
        </Badge>
      </Group>
      {/* `multiple`: several answers can be open at once. */}
      <Accordion multiple variant="separated" order={3}>
        {items.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>
              <Text style={{ whiteSpace: "pre-line" }}>{item.answer}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Card>
  );
}

export function QAPage() {
  const [items, setItems] = useState<FaqItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [search, setSearch] = useState("");

  useEffect(() => {
    const controller = new AbortController();
    api<FaqResponse>("/api/faq?order=category", { signal: controller.signal })
      .then((data) => setItems(data.items))
      .catch((error: Error) => {
        if (controller.signal.aborted) return;
        toast({ title: "Error fetching Q&A", description: error.message, variant: "destructive" });
        setItems(fallbackQa);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const groups = useMemo(() => searchFaq(items, search), [items, search]);

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="xs" ta="center" align="center">
          <Title>Questions & Answers</Title>
          <Text c="dimmed" maw={640}>
            Find quick answers about your account, call features, text messaging, setup and troubleshooting.
          </Text>
        </Stack>

        <TextInput
          type="search"
          size="md"
          label={<VisuallyHidden>Search questions</VisuallyHidden>}
          placeholder="Search questions..."
          leftSection={<Search size={18} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />

        {loading ? (
          <Center py="xl" role="status">
            <Stack align="center" gap="sm">
              <Loader aria-hidden />
              <Text c="dimmed">Loading questions...</Text>
            </Stack>
          </Center>
        ) : groups.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" role="status">
            No questions found matching your search criteria...
          </Text>
        ) : (
          <Stack gap="lg">
            {groups.map((group) => (
              <CategoryGroup key={group.category} category={group.category} items={group.items} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
