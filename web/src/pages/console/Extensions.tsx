import { Container } from "@mantine/core";
import { Extensions } from "../../modules/extensions/Extensions";

export function ExtensionsPage() {
  return (
    <Container size="lg" py="xl">
      <Extensions />
    </Container>
  );
}
