import { Container, Title } from "@mantine/core";
import { CallAnalytics } from "../../modules/analytics/components/CallAnalytics";

export function AnalyticsPage() {
  return (
    <Container size="xl" py="xl">
      <Title mb="lg">Call Analytics</Title>
      <CallAnalytics />
    </Container>
  );
}
