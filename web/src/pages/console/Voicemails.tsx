import { Container } from "@mantine/core";
import { VoicemailList } from "../../modules/voicemails/VoicemailList";

export function VoicemailsPage() {
  return (
    <Container size="lg" py="xl">
      <VoicemailList />
    </Container>
  );
}
