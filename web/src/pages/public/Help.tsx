import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { BookOpen, type LucideIcon, Mail, MessageSquare, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { PageLoader } from "../../layout/PageLoader";
import { type FaqItem, HELP_CATEGORIES, itemsInCategory } from "./faq";
import { FaqAnswers, FaqCard, useFaqItems } from "./faq-page";

/** Shown when the FAQ cannot be loaded: two questions for administrators and two for users. */
const fallbackFaq: FaqItem[] = [
  {
    id: "fallback-admin-1",
    category: HELP_CATEGORIES.admin,
    displayOrder: 1,
    question: "How do I add users to my account?",
    answer:
      "Open Settings in your dashboard and invite a teammate by email. The free trial includes one admin and two users; paid plans allow more.",
  },
  {
    id: "fallback-admin-2",
    category: HELP_CATEGORIES.admin,
    displayOrder: 2,
    question: "How do I set up call routing?",
    answer:
      "Go to Call Routing, select a number and choose where calls go during business hours and after hours: an IVR menu, an extension, a ring group or voicemail.",
  },
  {
    id: "fallback-user-1",
    category: HELP_CATEGORIES.user,
    displayOrder: 1,
    question: "How do I check my voicemail?",
    answer:
      "Open Voicemails in your dashboard. Each message shows its transcription, and you can also have voicemails sent to your email.",
  },
  {
    id: "fallback-user-2",
    category: HELP_CATEGORIES.user,
    displayOrder: 2,
    question: "How do I send a text message?",
    answer: "Open Messages, choose a conversation or a contact, type your message and press Enter to send.",
  },
];

const emptyCategoryText = "No FAQs available for this category yet.";

/** One category's questions as an accordion (questions are h3 under the column's h2). */
function FaqColumn({ title, icon, items }: { title: string; icon: LucideIcon; items: FaqItem[] }) {
  return (
    <FaqCard icon={icon} title={title}>
      {items.length === 0 ? <Text c="dimmed">{emptyCategoryText}</Text> : <FaqAnswers items={items} />}
    </FaqCard>
  );
}

export function HelpPage() {
  const { items, loading } = useFaqItems("display", {
    errorTitle: "Error fetching FAQs",
    fallback: fallbackFaq,
  });

  const setupGuide = itemsInCategory(items, HELP_CATEGORIES.setupGuide);

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs" ta="center" align="center">
          <Title>Help Center</Title>
          <Text c="dimmed" maw={640}>
            Answers for account administrators and everyday users, a setup guide to get your phone system
            running, and ways to reach our team.
          </Text>
        </Stack>

        {loading ? (
          <PageLoader inline label="Loading help articles..." />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <FaqColumn
                title="For Administrators"
                icon={ShieldCheck}
                items={itemsInCategory(items, HELP_CATEGORIES.admin)}
              />
              <FaqColumn
                title="For Users"
                icon={Users}
                items={itemsInCategory(items, HELP_CATEGORIES.user)}
              />
            </SimpleGrid>

            <FaqCard icon={BookOpen} title="Setup Guide">
              {setupGuide.length === 0 ? (
                <Text c="dimmed">Setup guide Q&A coming soon...</Text>
              ) : (
                <Stack gap="lg">
                  {setupGuide.map((item) => (
                    <div key={item.id}>
                      <Title order={3} fz="md" mb={4}>
                        {item.question}
                      </Title>
                      <Text style={{ whiteSpace: "pre-line" }}>{item.answer}</Text>
                    </div>
                  ))}
                </Stack>
              )}
            </FaqCard>
          </>
        )}

        <Card withBorder padding="lg" bg="var(--mantine-color-gray-0)" component="section">
          <Stack gap="sm" align="center" ta="center">
            <Title order={2} fz="h3">
              Still need help?
            </Title>
            <Text c="dimmed">
              Search every question in our Q&A, or send us a message and our support team will get back to
              you.
            </Text>
            <Group justify="center" gap="sm">
              <Button component={Link} to="/qa" leftSection={<MessageSquare size={18} aria-hidden />}>
                Browse Q&A
              </Button>
              <Button
                component={Link}
                to="/contact"
                variant="outline"
                leftSection={<Mail size={18} aria-hidden />}
              >
                Contact Support
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
