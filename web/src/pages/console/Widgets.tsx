import { Container } from "@mantine/core";
import { Widgets } from "../../modules/widgets/Widgets";

export function WidgetsPage() {
  return (
    <Container size="lg" py="xl">
      <Widgets />
    </Container>
  );
}
