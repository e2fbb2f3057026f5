import { Container } from "@mantine/core";
import { VoicemailList } from "../../modules/voicemails/VoicemailList";

export function VoicemailsPage() {
  return (
    <Container component="main" size="lg" py="xl">
      <VoicemailList />
    </Container>
  );
}
