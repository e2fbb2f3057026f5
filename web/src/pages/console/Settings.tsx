import { Container } from "@mantine/core";
import { Settings } from "../../modules/settings/Settings";

export function SettingsPage() {
  return (
    <Container size="lg" py="xl">
      <Settings />
    </Container>
  );
}
