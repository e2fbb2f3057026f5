import { Container } from "@mantine/core";
import { ScheduledTextsScreen } from "../../modules/automations/ScheduledTextsScreen";

export function ScheduledTextsPage() {
  return (
    <Container size="xl" py="xl">
      <ScheduledTextsScreen />
    </Container>
  );
}
