import { Anchor, List, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { company, companyAddressLine } from "../../app/site";

/** The building blocks of a legal document's text, inside the sections of a LegalPage. */

/** A paragraph of legal text. */
export function P({ children }: { children: ReactNode }) {
  return <Text>{children}</Text>;
}

/** A sub-heading inside a section (h3). */
export function Sub({ children }: { children: ReactNode }) {
  return (
    <Title order={3} fz="h5" mt="xs">
      {children}
    </Title>
  );
}

/** A bulleted list; each entry is one item. */
export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <List spacing="xs" withPadding>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}

/** A link to another page of the site. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to}>
      {children}
    </Anchor>
  );
}

/** A mailto link. */
export function EmailLink({ email }: { email: string }) {
  return <Anchor href={`mailto:${email}`}>{email}</Anchor>;
}

/** The company's postal address, e-mail and phone, closing every legal document. */
export function ContactDetails({ email = company.supportEmail }: { email?: string }) {
  return (
    <Text component="address" style={{ fontStyle: "normal" }}>
      {company.name}
      <br />
      {companyAddressLine}
      <br />
      Email: <EmailLink email={email} />
      <br />
      Phone: <Anchor href={company.phoneHref}>{company.phone}</Anchor>
    </Text>
  );
}
