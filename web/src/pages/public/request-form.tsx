import {
  Button,
  Card,
  Container,
  Loader,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { CircleCheckBig, type LucideIcon, Send } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import type { z } from "zod";
import { ApiError } from "../../api/errors";
import { hasMessage } from "../../lib/form-errors";
import { useSchemaForm } from "../../lib/schema-form";
import { toast } from "../../ui/toast";

/**
 * What the two request pages (a feature, a phone number) share: the form on the API's schema and
 * its sending, and the page around the form with its thank-you view.
 */

/** The "Missing Information" toast of a request sent without its required fields. */
function toastMissingInformation(description: string) {
  toast({ title: "Missing Information", description, variant: "destructive" });
}

interface RequestFormOptions<Values, Schema extends z.ZodType> {
  /** The API's schema of the request. */
  schema: Schema;
  initialValues: Values;
  /** The request body the values make. */
  toBody: (values: Values) => Record<string, unknown>;
  /** The schema's message for a required field left empty: it is also told in a toast. */
  missingMessage: string;
  /** Sends the request. */
  send: (body: z.output<Schema>) => Promise<unknown>;
  success: { title: string; description: string };
}

/** A request form's values, messages, sending and thank-you state. */
export function useRequestForm<Values extends Record<string, unknown>, Schema extends z.ZodType>({
  schema,
  initialValues,
  toBody,
  missingMessage,
  send,
  success,
}: RequestFormOptions<Values, Schema>) {
  const { form, onSubmit, showServerErrors } = useSchemaForm({ schema, initialValues, toBody });
  const request = useMutation({ mutationFn: send });

  const submit = onSubmit(
    (body) =>
      request.mutate(body, {
        onSuccess: () => toast(success),
        onError: (error) => {
          if (error instanceof ApiError) showServerErrors(error);
          toast({
            title: "Submission Error",
            description:
              error instanceof ApiError
                ? error.firstFieldMessage()
                : "An unexpected error occurred. Please try again.",
            variant: "destructive",
          });
        },
      }),
    (errors) => {
      if (hasMessage(errors, missingMessage)) toastMissingInformation(missingMessage);
    },
  );

  /** Back to an empty form. */
  function startOver() {
    form.reset();
    request.reset();
  }

  return { form, submit, submitting: request.isPending, submitted: request.isSuccess, startOver };
}

type RequestForm = ReturnType<typeof useRequestForm>;

interface ThankYou {
  title: string;
  message: string;
  /** The label of the button that brings back an empty form. */
  againLabel: string;
}

function ThankYouView({ title, message, againLabel, onAgain }: ThankYou & { onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen-reader and keyboard users land on the confirmation instead of the vanished form.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={64} radius="xl" color="green" variant="light" aria-hidden>
        <CircleCheckBig size={36} />
      </ThemeIcon>
      <Title order={2} ref={heading} tabIndex={-1}>
        {title}
      </Title>
      <Text c="dimmed" maw={460}>
        {message}
      </Text>
      <Button onClick={onAgain}>{againLabel}</Button>
    </Stack>
  );
}

/** The optional e-mail a request can be answered at; `description` says why it is asked. */
export function ReplyEmailField(props: TextInputProps) {
  return (
    <TextInput
      label="Email (optional)"
      type="email"
      autoComplete="email"
      placeholder="you@company.com"
      {...props}
    />
  );
}

interface RequestFormPageProps {
  icon: LucideIcon;
  title: string;
  intro: string;
  /** Shown in place of the form once the request is sent. */
  thankYou: ThankYou;
  /** The page's `useRequestForm`: its submit handler, whether it is sending or sent, and how to start over. */
  request: Pick<RequestForm, "submit" | "submitting" | "submitted" | "startOver">;
  /** The form's fields. */
  children: ReactNode;
}

/** A request page: an icon, the page's one h1 and an intro over a card with the form. */
export function RequestFormPage({
  icon: Icon,
  title,
  intro,
  thankYou,
  request: { submit, submitting, submitted, startOver },
  children,
}: RequestFormPageProps) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap="xs" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <Icon size={30} />
          </ThemeIcon>
          <Title>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>

        <Card withBorder padding="xl">
          {submitted ? (
            <ThankYouView {...thankYou} onAgain={startOver} />
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                {children}
                <Button
                  type="submit"
                  size="md"
                  disabled={submitting}
                  leftSection={submitting ? <Loader size={16} aria-hidden /> : <Send size={18} aria-hidden />}
                >
                  {submitting ? "Submitting..." : "Submit Request"}
                </Button>
              </Stack>
            </form>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
