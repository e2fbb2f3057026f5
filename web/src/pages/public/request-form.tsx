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
import { EMAIL_PATTERN } from "@poundline/api/auth/messages";
import { CircleCheckBig, type LucideIcon, Send } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { type FieldErrors, useFormFields } from "../../lib/use-form-fields";

/**
 * What the two request pages (a feature, a phone number) share: the form's state and its sending,
 * and the page around the form with its thank-you view.
 */

const invalidEmailMessage = "Please enter a valid email address.";

/** The "Missing Information" toast of a request sent without its required fields. */
export function toastMissingInformation(description: string) {
  toast({ title: "Missing Information", description, variant: "destructive" });
}

/** A request form's values, messages, sending and thank-you state. */
export function useRequestForm<F extends { email: string }>(emptyForm: F) {
  const fields = useFormFields(emptyForm);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  /**
   * The e-mail is optional, but when given it must be one we can answer (the same simple pattern
   * the API checks). Marks the field and answers true when it is not.
   */
  function rejectInvalidEmail(email: string): boolean {
    if (!email || EMAIL_PATTERN.test(email)) return false;
    fields.setErrors({ email: invalidEmailMessage } as FieldErrors<F>);
    return true;
  }

  /** POSTs the request: the success toast and the thank-you view, or the API's field messages. */
  async function send(path: string, body: unknown, success: { title: string; description: string }) {
    setSubmitting(true);
    try {
      await api(path, { method: "POST", body });
      toast(success);
      setSubmitted(true);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError) fields.showFieldErrors(apiError);
      toast({
        title: "Submission Error",
        description: apiError
          ? apiError.firstFieldMessage()
          : "An unexpected error occurred. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSubmitting(false);
    }
  }

  function startOver() {
    fields.setForm(emptyForm);
    fields.setErrors({});
    setSubmitted(false);
  }

  return { ...fields, submitting, submitted, rejectInvalidEmail, send, startOver };
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
  /** The page's `useRequestForm`: whether it is sending or sent, and how to start over. */
  request: Pick<RequestForm, "submitting" | "submitted" | "startOver">;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's fields. */
  children: ReactNode;
}

/** A request page: an icon, the page's one h1 and an intro over a card with the form. */
export function RequestFormPage({
  icon: Icon,
  title,
  intro,
  thankYou,
  request: { submitting, submitted, startOver },
  onSubmit,
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
            <form onSubmit={onSubmit} noValidate>
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
