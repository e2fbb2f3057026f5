import { Container } from "@mantine/core";
import { PublicApiReference } from "../../modules/api-reference/ApiReference";
import { PublicApiGuide } from "../../modules/api-reference/PublicApiGuide";

export function PublicApiReferencePage() {
  return (
    <Container size="lg" py="xl">
      <PublicApiReference guide={<PublicApiGuide />} />
    </Container>
  );
}
