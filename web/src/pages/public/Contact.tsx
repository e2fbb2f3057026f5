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
import { Clock, type LucideIcon, Mail, MapPin, Phone, Share2 } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { company } from "../../app/site";
import { useSite } from "../../app/site-config";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { MUTED, PageHero } from "./sections";

/** Seed 000: the contact success toast stays 5 s, its error toasts 7 s. */
const SUCCESS_TOAST_MS = 5000;
const ERROR_TOAST_MS = 7000;

const companySizes = [
  { value: "1-10", label: "1-10 employees" },
  { value: "11-50", label: "11-50 employees" },
  { value: "51-200", label: "51-200 employees" },
  { value: "201-500", label: "201-500 employees" },
  { value: "501+", label: "501+ employees" },
] as const;

type CompanySize = (typeof companySizes)[number]["value"];

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

/** The API names a request-body field "body.<name>"; the form knows it as "<name>". */
function byFormField(fields: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([path, messages]) => [path.replace(/^body\./, ""), messages]),
  );
}

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
          <Text fz="sm" c={MUTED}>
            Sales:{" "}
            <Anchor href={`mailto:${company.salesEmail}`} inherit>
              {company.salesEmail}
            </Anchor>
          </Text>
          <Text fz="sm" c={MUTED}>
            Support:{" "}
            <Anchor href={`mailto:${company.supportEmail}`} inherit>
              {company.supportEmail}
            </Anchor>
          </Text>
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
  const [form, setForm] = useState<ContactForm>(() => ({
    ...emptyForm,
    message: subjectOpeners[searchParams.get("subject") ?? ""] ?? "",
  }));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [sending, setSending] = useState(false);

  function update<K extends keyof ContactForm>(field: K, value: ContactForm[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    // The visitor is fixing this field: its old server message no longer applies.
    setFieldErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  const errorFor = (field: keyof ContactForm) => fieldErrors[field]?.[0];

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setFieldErrors({});
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
      if (invalidInput) setFieldErrors(byFormField(err.fields));
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
            <TextInput
              label="Full Name"
              name="name"
              autoComplete="name"
              required
              value={form.name}
              onChange={(e) => update("name", e.currentTarget.value)}
              error={errorFor("name")}
            />
            <TextInput
              label="Email Address"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={form.email}
              onChange={(e) => update("email", e.currentTarget.value)}
              error={errorFor("email")}
            />
            <TextInput
              label="Phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              value={form.phone}
              onChange={(e) => update("phone", e.currentTarget.value)}
              error={errorFor("phone")}
            />
            <TextInput
              label="Company"
              name="company"
              autoComplete="organization"
              value={form.company}
              onChange={(e) => update("company", e.currentTarget.value)}
              error={errorFor("company")}
            />
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
            error={errorFor("employees")}
          />
          <Textarea
            label="Message"
            name="message"
            required
            autosize
            minRows={5}
            value={form.message}
            onChange={(e) => update("message", e.currentTarget.value)}
            error={errorFor("message")}
          />
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
