import {
  Alert,
  Anchor,
  Button,
  Container,
  Card as MantineCard,
  type MantineSpacing,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  Title,
} from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { Link } from "react-router";

/**
 * The frame every account page shares, from sign-in to e-mail confirmation. Import it as a
 * namespace, `import * as Account from "./account-layout"`, and write `<Account.Page>`,
 * `<Account.Card>`, `<Account.Form>`...
 */

interface PageProps {
  /** The page's one level-1 heading. */
  title: string;
  /** A line under the heading. */
  intro?: ReactNode;
  /** The column's width in px. */
  width?: number;
  children: ReactNode;
}

/** A narrow centred column: the heading and its intro, then the page's cards and links. */
export function Page({ title, intro, width = 460, children }: PageProps) {
  return (
    <Container size={width} py="xl">
      <Stack gap="lg">
        <Stack gap={4} ta="center">
          <Title>{title}</Title>
          {intro && <Text c="gray.7">{intro}</Text>}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** The card holding a form or an outcome. */
export function Card({ children }: { children: ReactNode }) {
  return (
    <MantineCard withBorder shadow="sm" padding="xl" radius="md">
      {children}
    </MantineCard>
  );
}

/** A form whose fields stack; the page checks the fields itself (no browser bubbles). */
export function Form({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">{children}</Stack>
    </form>
  );
}

interface SubmitProps {
  /** True while the request is on its way: the button is disabled and reads `busyLabel`. */
  busy: boolean;
  busyLabel: string;
  children: string;
  mt?: MantineSpacing;
}

/** The form's full-width submit button. */
export function Submit({ busy, busyLabel, children, mt }: SubmitProps) {
  return (
    <Button type="submit" fullWidth mt={mt} disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}

/** The e-mail address a person signs in with; give it the form's input props. */
export function EmailField(props: Omit<TextInputProps, "label" | "type">) {
  return <TextInput label="Email" type="email" required autoComplete="email" {...props} />;
}

/** A short green (done) or red (refused) message. */
export function Notice({ color, children }: { color: "green" | "red"; children: ReactNode }) {
  return (
    <Alert color={color} variant="light">
      <Text size="sm">{children}</Text>
    </Alert>
  );
}

interface FooterLinkProps {
  /** Words before the link, e.g. "Don't have an account?". */
  prompt?: string;
  to: string;
  children: ReactNode;
}

/** The centred link under the card to the neighbouring account page. */
export function FooterLink({ prompt, to, children }: FooterLinkProps) {
  return (
    <Text ta="center">
      {prompt && `${prompt} `}
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Text>
  );
}
