import { Container } from "@mantine/core";
import { Settings } from "../../modules/settings/Settings";

export function SettingsPage() {
  return (
    <Container component="main" size="lg" py="xl">
      <Settings />
    </Container>
  );
}
