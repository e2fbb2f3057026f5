import { Button, Center, Container, em, Grid, Group, Paper, Text, Title } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { ArrowLeft, CalendarClock, MessageSquarePlus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { routes } from "../../api/routes.generated";
import { ConversationList, useConversationFilters } from "../../modules/messages/ConversationList";
import type { ConversationKey } from "../../modules/messages/format";
import { NewMessageModal } from "../../modules/messages/NewMessageModal";
import { ThreadView } from "../../modules/messages/ThreadView";
import { ExportRangeButton } from "../../ui/ExportRangeButton";

/** The open conversation is in the address (?our=&peer=), so a reload or a link keeps it. */
function useSelectedConversation(): [ConversationKey | null, (key: ConversationKey | null) => void] {
  const [params, setParams] = useSearchParams();
  const ourNumber = params.get("our");
  const peerNumber = params.get("peer");
  const selected = ourNumber && peerNumber ? { ourNumber, peerNumber } : null;
  const select = (key: ConversationKey | null) =>
    setParams(key ? { our: key.ourNumber, peer: key.peerNumber } : {});
  return [selected, select];
}

/** Mantine's md breakpoint: below it the list and the thread do not fit side by side. */
const SIDE_BY_SIDE = `(min-width: ${em(992)})`;

export function MessagesPage() {
  const [selected, select] = useSelectedConversation();
  const [composing, { open, close }] = useDisclosure(false);
  const filters = useConversationFilters();
  // On a phone's width one pane at a time: the chosen thread instead of the list, with Back.
  const sideBySide = useMediaQuery(SIDE_BY_SIDE, true);
  const showList = sideBySide || !selected;
  const showThread = sideBySide || selected !== null;

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" mb="md">
        <Title order={1}>Messages</Title>
        <Group gap="sm">
          <Button
            component={Link}
            to="/dashboard/messages/scheduled"
            variant="default"
            leftSection={<CalendarClock size={16} aria-hidden />}
          >
            Scheduled Texts
          </Button>
          <ExportRangeButton
            path={routes.messages.export.path}
            what="texts"
            filters={{ q: filters.q || undefined, assignee: filters.assignee || undefined }}
          />
          <Button leftSection={<MessageSquarePlus size={16} aria-hidden />} onClick={open}>
            New Message
          </Button>
        </Group>
      </Group>
      <Grid gutter="md">
        {showList && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="sm" h="calc(100vh - 180px)" mih={420}>
              <ConversationList selected={selected} onSelect={select} filters={filters} />
            </Paper>
          </Grid.Col>
        )}
        {showThread && (
          <Grid.Col span={{ base: 12, md: 8 }}>
            {!sideBySide && (
              <Button
                variant="subtle"
                leftSection={<ArrowLeft size={16} aria-hidden />}
                onClick={() => select(null)}
                mb="xs"
              >
                Back to conversations
              </Button>
            )}
            <Paper withBorder h="calc(100vh - 180px)" mih={420}>
              {selected ? (
                <ThreadView key={`${selected.ourNumber}|${selected.peerNumber}`} conversation={selected} />
              ) : (
                <Center h="100%">
                  <Text c="dimmed">Select a conversation to view messages</Text>
                </Center>
              )}
            </Paper>
          </Grid.Col>
        )}
      </Grid>
      <NewMessageModal opened={composing} onClose={close} onSent={select} />
    </Container>
  );
}
