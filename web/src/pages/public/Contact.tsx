import {
  Anchor,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { COMPANY_SIZES, contactBodySchema } from "@poundline/contracts/site/schemas";
import { useMutation } from "@tanstack/react-query";
import { Clock, type LucideIcon, Mail, MapPin, Phone, Share2 } from "lucide-react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useApi } from "../../api/context";
import { ApiError } from "../../api/errors";
import { company } from "../../app/site";
import { useSiteVariant } from "../../app/site-config";
import { firstMessage } from "../../lib/form-errors";
import { useSchemaForm } from "../../lib/schema-form";
import { toast } from "../../ui/toast";
import { contactBody, emptyContact } from "./form-bodies";
import { MUTED, PageHero } from "./sections";

/** Seed 000: the contact success toast stays 5 s, its error toasts 7 s. */
const SUCCESS_TOAST_MS = 5000;
const ERROR_TOAST_MS = 7000;

/** The API's own list (shared through the database enums): "1-10" first, the form's default. */
const companySizes = COMPANY_SIZES.map((value) => ({ value, label: `${value} employees` }));

/** The form's fields in the order it shows them. */
const contactFields = ["name", "email", "phone", "company", "employees", "message"] as const;

/** Links such as /contact?subject=NonprofitInquiry start the message for the visitor. */
const subjectOpeners: Record<string, string> = {
  NonprofitInquiry: "I'm interested in the nonprofit program. ",
  NonprofitPartnership: "I'd like to discuss a nonprofit partnership. ",
};

const socialNetworks = ["Facebook", "X (Twitter)", "LinkedIn"];

function InfoItem({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ThemeIcon size={44} radius="md" variant="light">
        <Icon size={22} aria-hidden />
      </ThemeIcon>
      <Stack gap={2}>
        <Title order={3} fz="md">
          {title}
        </Title>
        {children}
      </Stack>
    </Group>
  );
}

function EmailLine({ label, email }: { label: string; email: string }) {
  return (
    <Text fz="sm" c={MUTED}>
      {label}:{" "}
      <Anchor href={`mailto:${email}`} inherit>
        {email}
      </Anchor>
    </Text>
  );
}

function ContactInformation() {
  const { address } = company;
  return (
    <Card withBorder radius="lg" padding="xl" h="100%">
      <Stack gap="xl">
        <Title order={2} fz="xl">
          Contact Information
        </Title>
        <InfoItem icon={Phone} title="Phone">
          <Anchor href={company.phoneHref} fw={600}>
            {company.phone}
          </Anchor>
        </InfoItem>
        <InfoItem icon={Mail} title="Email">
          <EmailLine label="Sales" email={company.salesEmail} />
          <EmailLine label="Support" email={company.supportEmail} />
        </InfoItem>
        <InfoItem icon={MapPin} title="Office">
          <Text component="address" fz="sm" c={MUTED} style={{ fontStyle: "normal" }}>
            {address.line1}
            <br />
            {address.city}, {address.region} {address.postalCode}
          </Text>
        </InfoItem>
        <InfoItem icon={Clock} title="Business Hours">
          {company.hours.map((row) => (
            <Text key={row.days} fz="sm" c={MUTED}>
              {row.days}: {row.time}
            </Text>
          ))}
        </InfoItem>
        <InfoItem icon={Share2} title="Follow Us">
          {/* Social profiles have no destination yet (seed 000): names only, no links. */}
          <Group gap="md">
            {socialNetworks.map((name) => (
              <Text key={name} fz="sm" c={MUTED}>
                {name}
              </Text>
            ))}
          </Group>
        </InfoItem>
      </Stack>
    </Card>
  );
}

function ContactFormCard() {
  const api = useApi();
  const [searchParams] = useSearchParams();
  const sendMessage = useMutation({ mutationFn: api.site.contact });
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: contactBodySchema,
    initialValues: { ...emptyContact, message: subjectOpeners[searchParams.get("subject") ?? ""] ?? "" },
    toBody: contactBody,
  });

  function toastSubmissionError(description: string) {
    toast({ title: "Submission Error", description, duration: ERROR_TOAST_MS, variant: "destructive" });
  }

  const handleSubmit = onSubmit(
    (body) =>
      sendMessage.mutate(body, {
        onSuccess: () => {
          toast({
            title: "Message Sent!",
            description:
              "Thank you for contacting us. We've received your message and will get back to you soon.",
            duration: SUCCESS_TOAST_MS,
          });
          // A new, empty form: the company size back to 1-10 (seed 000).
          form.setValues(emptyContact);
        },
        onError: (err) => {
          const invalidInput = err instanceof ApiError && err.status === 400;
          if (invalidInput) showServerErrors(err);
          toastSubmissionError(
            invalidInput ? err.firstFieldMessage() : "Your message could not be sent. Please try again.",
          );
        },
      }),
    (errors) => toastSubmissionError(firstMessage(errors, contactFields) ?? ""),
  );

  return (
    <Card withBorder radius="lg" padding="xl">
      <form onSubmit={handleSubmit}>
        <Stack gap="md">
          <Title order={2} fz="xl">
            Send Us a Message
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Full Name" autoComplete="name" required {...form.getInputProps("name")} />
            <TextInput
              label="Email Address"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps("email")}
            />
            <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps("phone")} />
            <TextInput label="Company" autoComplete="organization" {...form.getInputProps("company")} />
          </SimpleGrid>
          <Select
            label="Company Size"
            name="employees"
            data={companySizes}
            value={form.values.employees}
            allowDeselect={false}
            onChange={(value) => {
              const size = companySizes.find((option) => option.value === value);
              if (size) form.setFieldValue("employees", size.value);
            }}
            error={form.errors.employees}
          />
          <Textarea label="Message" required autosize minRows={5} {...form.getInputProps("message")} />
          <Group justify="flex-end">
            <Button type="submit" size="md" disabled={sendMessage.isPending}>
              {sendMessage.isPending ? "Sending..." : "Send Message"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function ContactPage() {
  const variant = useSiteVariant();
  const intro =
    variant === "nonprofit"
      ? "Questions about our nonprofit program or a partnership? Our team is here to help your organization stay connected with the people you serve."
      : "Have a question about Poundline, pricing or pound-code licensing? Our team is here to help you find the right phone system for your business.";

  return (
    <>
      <PageHero eyebrow="Contact" title="Get in Touch" subtitle={intro} />
      <Container size="lg" pb={{ base: 56, md: 96 }}>
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ContactInformation />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ContactFormCard />
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
