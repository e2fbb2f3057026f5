import { Anchor, Box, Container, List, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The date every legal document carries (seed 000). */
export const LEGAL_LAST_UPDATED = "2025-06-19";

export interface LegalSection {
  /** Anchor of the section, used by the table of contents. */
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalPageProps {
  title: string;
  /** Paragraphs shown under the title, before the table of contents. */
  intro?: ReactNode;
  sections: LegalSection[];
}

/**
 * The layout the five legal pages share: one h1, the last-updated line, a table of contents and
 * numbered sections with h2 headings (sub-headings inside a section are h3, see `Sub` in
 * legal-text.tsx).
 */
export function LegalPage({ title, intro, sections }: LegalPageProps) {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title>{title}</Title>
          <Text c="dimmed" mt="xs">
            Last Updated {LEGAL_LAST_UPDATED}
          </Text>
        </div>
        {intro && <Stack gap="sm">{intro}</Stack>}
        <Paper
          withBorder
          p="md"
          component="nav"
          aria-label="Table of contents"
          bg="var(--mantine-color-gray-0)"
        >
          <Text fw={600} mb="xs">
            Contents
          </Text>
          <List type="ordered" spacing={4} size="sm">
            {sections.map((section) => (
              <List.Item key={section.id}>
                <Anchor href={`#${section.id}`} fz="sm">
                  {section.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
        {sections.map((section, index) => (
          <Box key={section.id} component="section" aria-labelledby={section.id}>
            <Title order={2} fz="h3" id={section.id} mb="sm" style={{ scrollMarginTop: 80 }}>
              {index + 1}. {section.title}
            </Title>
            <Stack gap="sm">{section.content}</Stack>
          </Box>
        ))}
      </Stack>
    </Container>
  );
}
