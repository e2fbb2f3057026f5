import { Button, Center, Container, Grid, Group, Paper, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { MessageSquarePlus } from "lucide-react";
import { useSearchParams } from "react-router";
import { ConversationList } from "../../modules/messages/ConversationList";
import type { ConversationKey } from "../../modules/messages/format";
import { NewMessageModal } from "../../modules/messages/NewMessageModal";
import { ThreadView } from "../../modules/messages/ThreadView";

/** The open conversation is in the address (?our=&peer=), so a reload or a link keeps it. */
function useSelectedConversation(): [ConversationKey | null, (key: ConversationKey) => void] {
  const [params, setParams] = useSearchParams();
  const ourNumber = params.get("our");
  const peerNumber = params.get("peer");
  const selected = ourNumber && peerNumber ? { ourNumber, peerNumber } : null;
  const select = (key: ConversationKey) => setParams({ our: key.ourNumber, peer: key.peerNumber });
  return [selected, select];
}

export function MessagesPage() {
  const [selected, select] = useSelectedConversation();
  const [composing, { open, close }] = useDisclosure(false);

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" mb="md">
        <Title order={1}>Messages</Title>
        <Button leftSection={<MessageSquarePlus size={16} aria-hidden />} onClick={open}>
          New Message
        </Button>
      </Group>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm" h="calc(100vh - 180px)" mih={420}>
            <ConversationList selected={selected} onSelect={select} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
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
      </Grid>
      <NewMessageModal opened={composing} onClose={close} onSent={select} />
    </Container>
  );
}
