import { Container, Group, Title } from "@mantine/core";
import { routes } from "../../api/routes.generated";
import { CallAnalytics } from "../../modules/analytics/components/CallAnalytics";
import { ExportRangeButton } from "../../ui/ExportRangeButton";

export function AnalyticsPage() {
  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" mb="lg">
        <Title>Call Analytics</Title>
        <ExportRangeButton path={routes.analytics.export.path} what="daily figures" />
      </Group>
      <CallAnalytics />
    </Container>
  );
}
