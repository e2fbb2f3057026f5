import { Button, Card, Group, Select, Stack, Textarea, TextInput, Title } from "@mantine/core";
import {
  createTicketBodySchema,
  LOGIN_REQUIRED_MESSAGE,
  SUPPORT_LIMITS,
} from "@poundline/contracts/support/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { isRefusal } from "../../api/errors";
import { useSession } from "../../app/session";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { PRIORITY_OPTIONS } from "./format";
import { supportKeys, useSupportApi } from "./hooks";
import { SUPPORT_PATHS, ticketPagePath } from "./paths";

interface NewTicketValues extends Record<string, unknown> {
  subject: string;
  description: string;
  priority: string;
}

/** Seed 001's new ticket form: subject and description required, priority low/medium/high (medium). */
export function NewTicket() {
  const api = useSupportApi();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: createTicketBodySchema,
    initialValues: { subject: "", description: "", priority: "medium" } satisfies NewTicketValues,
  });
  const create = useMutation({
    mutationFn: api.create,
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.all }),
  });

  const submit = onSubmit(
    (body) => {
      if (!user) {
        toastError("Error submitting ticket", LOGIN_REQUIRED_MESSAGE);
        return;
      }
      create.mutate(body, {
        onSuccess: (ticket) => {
          toast({ title: "Ticket Submitted", description: "Our support team will get back to you soon." });
          navigate(ticketPagePath("customer", ticket.id));
        },
        onError: (error) => {
          // A field's refusal is told under its field; anything else in one toast.
          if (isRefusal(error) && Object.keys(error.fields).length > 0) showServerErrors(error);
          else toastError("Error submitting ticket", error);
        },
      });
    },
    // An empty or invalid form: each message under its field, once (no toast repeating one of them).
  );

  return (
    <Stack gap="lg">
      <Group>
        <Button
          component={Link}
          to={SUPPORT_PATHS.myTickets}
          variant="subtle"
          leftSection={<ArrowLeft size={16} aria-hidden />}
        >
          Back to Tickets
        </Button>
      </Group>
      <Title order={1}>New Support Ticket</Title>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Subject"
              withAsterisk
              maxLength={SUPPORT_LIMITS.subject}
              data-autofocus
              {...form.getInputProps("subject")}
            />
            <Textarea
              label="Description"
              withAsterisk
              autosize
              minRows={5}
              maxLength={SUPPORT_LIMITS.description}
              {...form.getInputProps("description")}
            />
            <Select
              label="Priority"
              data={PRIORITY_OPTIONS}
              allowDeselect={false}
              w={200}
              {...form.getInputProps("priority")}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Submit Ticket
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
