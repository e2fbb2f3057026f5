import { Container } from "@mantine/core";
import { ApiReference } from "../../modules/api-reference/ApiReference";

export function ApiReferencePage() {
  return (
    <Container size="lg" py="xl">
      <ApiReference />
    </Container>
  );
}
