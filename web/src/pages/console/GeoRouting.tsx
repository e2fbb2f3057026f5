import { Container } from "@mantine/core";
import { GeoRouting } from "../../modules/geo-routing/GeoRouting";

export function GeoRoutingPage() {
  return (
    <Container component="main" size="xl" py="xl">
      <GeoRouting />
    </Container>
  );
}
