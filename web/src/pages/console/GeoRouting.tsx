import { Container } from "@mantine/core";
import { GeoRouting } from "../../modules/geo-routing/GeoRouting";

export function GeoRoutingPage() {
  return (
    <Container size="xl" py="xl">
      <GeoRouting />
    </Container>
  );
}
