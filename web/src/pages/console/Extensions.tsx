import { Container } from "@mantine/core";
import { Extensions } from "../../modules/extensions/Extensions";

export function ExtensionsPage() {
  return (
    <Container component="main" size="lg" py="xl">
      <Extensions />
    </Container>
  );
}
