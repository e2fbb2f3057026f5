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
import { companySizes as companySizeValues } from "@poundline/db/enums";
import { Clock, type LucideIcon, Mail, MapPin, Phone, Share2 } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { company } from "../../app/site";
import { useSite } from "../../app/site-config";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useFormFields } from "../../lib/use-form-fields";
import { MUTED, PageHero } from "./sections";

/** Seed 000: the contact success toast stays 5 s, its error toasts 7 s. */
const SUCCESS_TOAST_MS = 5000;
const ERROR_TOAST_MS = 7000;

/** The API's own list (shared through the database enums): "1-10" first, the form's default. */
const companySizes = companySizeValues.map((value) => ({ value, label: `${value} employees` }));

type CompanySize = (typeof companySizeValues)[number];

interface ContactForm {
  name: string;
  email: string;
  phone: string;
  company: string;
  employees: CompanySize;
  message: string;
}

const emptyForm: ContactForm = {
  name: "",
  email: "",
  phone: "",
  company: "",
  employees: "1-10",
  message: "",
};

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
  const [searchParams] = useSearchParams();
  const { form, setForm, errors, setErrors, update, textInput, showFieldErrors } = useFormFields<ContactForm>(
    () => ({ ...emptyForm, message: subjectOpeners[searchParams.get("subject") ?? ""] ?? "" }),
  );
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setErrors({});
    try {
      await api<{ id: string }>("/api/contact", {
        method: "POST",
        body: {
          name: form.name.trim(),
          email: form.email.trim(),
          phone: form.phone.trim() || undefined,
          company: form.company.trim() || undefined,
          employees: form.employees,
          message: form.message.trim(),
        },
      });
      toast({
        title: "Message Sent!",
        description:
          "Thank you for contacting us. We've received your message and will get back to you soon.",
        duration: SUCCESS_TOAST_MS,
      });
      setForm(emptyForm);
    } catch (err) {
      const invalidInput = err instanceof ApiError && err.status === 400;
      if (invalidInput) showFieldErrors(err);
      toast({
        title: "Submission Error",
        description: invalidInput
          ? err.firstFieldMessage()
          : "Your message could not be sent. Please try again.",
        duration: ERROR_TOAST_MS,
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card withBorder radius="lg" padding="xl">
      <form onSubmit={handleSubmit}>
        <Stack gap="md">
          <Title order={2} fz="xl">
            Send Us a Message
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Full Name" autoComplete="name" required {...textInput("name")} />
            <TextInput
              label="Email Address"
              type="email"
              autoComplete="email"
              required
              {...textInput("email")}
            />
            <TextInput label="Phone" type="tel" autoComplete="tel" {...textInput("phone")} />
            <TextInput label="Company" autoComplete="organization" {...textInput("company")} />
          </SimpleGrid>
          <Select
            label="Company Size"
            name="employees"
            data={companySizes}
            value={form.employees}
            allowDeselect={false}
            onChange={(value) => {
              const size = companySizes.find((option) => option.value === value);
              if (size) update("employees", size.value);
            }}
            error={errors.employees}
          />
          <Textarea label="Message" required autosize minRows={5} {...textInput("message")} />
          <Group justify="flex-end">
            <Button type="submit" size="md" disabled={sending}>
              {sending ? "Sending..." : "Send Message"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function ContactPage() {
  const variant = useSite((s) => s.variant);
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
