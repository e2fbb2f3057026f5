import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from "@mantine/core";
import { Mail, Pencil, Phone, Trash2 } from "lucide-react";
import type { Contact } from "../../api/contacts";
import { useAccountTimeZone } from "../../ui/time-zone";
import { CallButton } from "../softphone/components/CallButton";
import { contactTypeColor, formatLocalDay, labelOf, leadStatusColor } from "./labels";
import { cardTags } from "./tags";

interface ContactCardProps {
  contact: Contact;
  onEdit: () => void;
  onDelete: () => void;
  onDetails: () => void;
}

/** A contact in the grid: name, company, phone, email, badges, 2 tags and "+N more", last contact. */
export function ContactCard({ contact, onEdit, onDelete, onDetails }: ContactCardProps) {
  const timeZone = useAccountTimeZone();
  const { shown, more } = cardTags(contact.tags);
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={contact.name}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" lineClamp={1}>
              {contact.name}
            </Title>
            <Text size="sm" c="dimmed" lineClamp={1}>
              {contact.company || "No company"}
            </Text>
          </div>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" onClick={onEdit} aria-label={`Edit ${contact.name}`}>
                <Pencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onDelete}
                aria-label={`Delete ${contact.name}`}
              >
                <Trash2 size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Group gap={6} wrap="nowrap">
          <Phone size={14} aria-hidden />
          <Text size="sm">{contact.phone}</Text>
          <CallButton number={contact.phone} />
        </Group>
        {contact.email ? (
          <Group gap={6} wrap="nowrap">
            <Mail size={14} aria-hidden />
            <Text size="sm" lineClamp={1}>
              {contact.email}
            </Text>
          </Group>
        ) : null}
        <Group gap={6}>
          <Badge color={leadStatusColor[contact.leadStatus]} c="dark.9" variant="light">
            {labelOf(contact.leadStatus)}
          </Badge>
          <Badge color={contactTypeColor[contact.contactType]} c="dark.9" variant="outline">
            {labelOf(contact.contactType)}
          </Badge>
        </Group>
        {shown.length > 0 ? (
          <Group gap={6}>
            {shown.map((tag) => (
              <Badge key={tag} variant="dot" color="gray">
                {tag}
              </Badge>
            ))}
            {more > 0 ? (
              <Text size="xs" c="dimmed">
                +{more} more
              </Text>
            ) : null}
          </Group>
        ) : null}
        <Text size="xs" c="dimmed" mt="auto">
          Last contacted: {formatLocalDay(contact.lastContacted, timeZone)}
        </Text>
        <Button variant="default" size="xs" onClick={onDetails}>
          View Details
        </Button>
      </Stack>
    </Card>
  );
}
