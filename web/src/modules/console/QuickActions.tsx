import { Button, Card, SimpleGrid, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { BarChart3, Phone, PhoneForwarded, Users } from "lucide-react";
import { Link } from "react-router";
import { MakeCallDialog } from "./MakeCallDialog";

/** Seed 001's Quick Actions. */
export function QuickActions() {
  const [calling, { open, close }] = useDisclosure(false);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Quick Actions
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Button leftSection={<Phone size={16} aria-hidden />} onClick={open}>
          Make a Call
        </Button>
        <Button
          variant="default"
          component={Link}
          to="/dashboard/ivr-menus"
          leftSection={<PhoneForwarded size={16} aria-hidden />}
        >
          Configure IVR
        </Button>
        <Button
          variant="default"
          component={Link}
          to="/dashboard/extensions"
          leftSection={<Users size={16} aria-hidden />}
        >
          Manage Extensions
        </Button>
        <Button
          variant="default"
          component={Link}
          to="/dashboard/analytics"
          leftSection={<BarChart3 size={16} aria-hidden />}
        >
          View Analytics
        </Button>
      </SimpleGrid>
      <MakeCallDialog opened={calling} onClose={close} />
    </Card>
  );
}
