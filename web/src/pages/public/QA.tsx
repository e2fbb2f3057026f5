import { Badge, Container, Stack, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
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
import { useMemo, useState } from "react";
import { PageLoader } from "../../layout/PageLoader";
import { type FaqItem, searchFaq } from "./faq";
import { FaqAnswers, FaqCard, useFaqItems } from "./faq-page";

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
  return (
    <FaqCard
      icon={categoryIcons[category] ?? CircleQuestionMark}
      title={category}
      aside={
        <Badge variant="light" color="gray" c="dark.6">
          {items.length} {items.length === 1 ? "question" : "questions"}
        </Badge>
      }
    >
      <FaqAnswers items={items} multiple />
    </FaqCard>
  );
}

export function QAPage() {
  const { items, loading } = useFaqItems("category", {
    errorTitle: "Error fetching Q&A",
    fallback: fallbackQa,
  });
  const [search, setSearch] = useState("");

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
          <PageLoader inline label="Loading questions..." />
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
