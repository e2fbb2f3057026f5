import { Anchor, Badge, Box, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { companyAddressLine } from "../app/site";
import { useSiteVariant } from "../app/site-config";
import { Logo } from "./Header";

const legal = [
  { name: "Terms of Service", path: "/terms-of-service" },
  { name: "Privacy Policy", path: "/privacy-policy" },
  { name: "Disclaimer & Disclosures", path: "/disclaimer" },
  { name: "CA Privacy Policy (CCPA/CPRA)", path: "/ca-privacy-policy" },
  { name: "E911 Policy", path: "/e911-policy" },
];

function FooterLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} c="gray.7" fz="sm">
      {children}
    </Anchor>
  );
}

function ComingSoon({ children }: { children: string }) {
  return (
    <Group gap={6}>
      <Text c="gray.7" fz="sm">
        {children}
      </Text>
      <Badge size="xs" variant="light" color="gray">
        Coming Soon
      </Badge>
    </Group>
  );
}

export function Footer() {
  const variant = useSiteVariant();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" bg="var(--mantine-color-gray-0)" py="xl" mt="auto">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Logo />
            <Text c="gray.7" fz="sm">
              The cloud business phone system: smart routing, IVR menus, texting and a built-in CRM.
            </Text>
            {/* Social links have no destination yet (seed 000). */}
            <Group gap="sm">
              {["Facebook", "X (Twitter)", "LinkedIn"].map((name) => (
                <Text key={name} c="gray.7" fz="xs">
                  {name}
                </Text>
              ))}
            </Group>
          </Stack>
          <Stack gap="xs" component="nav" aria-label="Product">
            <Title order={2} fz="sm">
              Product
            </Title>
            <FooterLink to="/features">Features</FooterLink>
            <FooterLink to="/pricing">Pricing</FooterLink>
            {variant === "standard" && <FooterLink to="/marketing-programs">Marketing Programs</FooterLink>}
            <FooterLink to="/nonprofit-info">For Nonprofits</FooterLink>
            <FooterLink to="/request-phone-number">Request a Phone Number</FooterLink>
          </Stack>
          <Stack gap="xs" component="nav" aria-label="Support">
            <Title order={2} fz="sm">
              Support
            </Title>
            <FooterLink to="/help">Help Center</FooterLink>
            <FooterLink to="/qa">Q & A</FooterLink>
            <FooterLink to="/request-feature">Request a Feature</FooterLink>
            <FooterLink to="/contact">Contact Us</FooterLink>
            <FooterLink to="/developers/api">API Reference</FooterLink>
            <FooterLink to="/developers/public-api">Public API</FooterLink>
            <ComingSoon>About Us</ComingSoon>
            <ComingSoon>Careers</ComingSoon>
            <ComingSoon>Blog</ComingSoon>
          </Stack>
          <Stack gap="xs" component="nav" aria-label="Legal">
            <Title order={2} fz="sm">
              Legal
            </Title>
            {legal.map((l) => (
              <FooterLink key={l.path} to={l.path}>
                {l.name}
              </FooterLink>
            ))}
          </Stack>
        </SimpleGrid>
        <Divider my="lg" />
        <Group justify="space-between" gap="xs">
          <Text c="gray.7" fz="sm">
            © {year} Poundline. All rights reserved.
          </Text>
          <Text c="gray.7" fz="sm" component="address" style={{ fontStyle: "normal" }}>
            {companyAddressLine}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
