import { Box, Burger, Button, Collapse, Container, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure, useWindowScroll } from "@mantine/hooks";
import { Phone } from "lucide-react";
import { Link, NavLink, useLocation } from "react-router";
import { variantDetails } from "../app/site";
import { useSiteVariant } from "../app/site-config";
import classes from "./Header.module.css";

/** Seed 000: the header turns solid after this much scroll on the home page. */
export const HEADER_SCROLL_THRESHOLD_PX = 20;

export function navigationFor(variant: "standard" | "nonprofit") {
  return [
    { name: "Home", path: "/" },
    { name: "Features", path: "/features" },
    { name: "Pricing", path: "/pricing" },
    { name: "Contact", path: "/contact" },
    variant === "nonprofit"
      ? { name: "Our Mission", path: "/nonprofit-info" }
      : { name: "Marketing Programs", path: "/marketing-programs" },
  ];
}

export function Logo() {
  const variant = useSiteVariant();
  return (
    <UnstyledButton
      component={Link}
      to="/"
      className={classes.logo}
      aria-label={`${variantDetails[variant].logoLabel} home`}
    >
      <Phone size={22} aria-hidden />
      <Text component="span" fw={800} fz="lg">
        {variantDetails[variant].logoLabel}
      </Text>
    </UnstyledButton>
  );
}

export function Header() {
  const variant = useSiteVariant();
  const { pathname } = useLocation();
  const [scroll] = useWindowScroll();
  const [menuOpen, menu] = useDisclosure(false);
  const solid = pathname !== "/" || scroll.y > HEADER_SCROLL_THRESHOLD_PX || menuOpen;
  const items = navigationFor(variant);

  return (
    <Box component="header" className={classes.header} data-solid={solid || undefined}>
      <Container size="lg" className={classes.bar}>
        <Logo />
        <Group gap="lg" visibleFrom="md" component="nav" aria-label="Main">
          {items.map((item) => (
            <NavLink key={item.path} to={item.path} end className={classes.link}>
              {item.name}
            </NavLink>
          ))}
        </Group>
        <Group gap="sm" visibleFrom="md">
          <Button component={Link} to="/login" variant="subtle">
            Log In
          </Button>
          <Button component={Link} to="/register">
            Sign Up
          </Button>
        </Group>
        <Burger
          hiddenFrom="md"
          opened={menuOpen}
          onClick={menu.toggle}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
        />
      </Container>
      <Collapse in={menuOpen} transitionDuration={200} hiddenFrom="md">
        <Stack
          id="mobile-menu"
          component="nav"
          aria-label="Mobile"
          gap={4}
          p="md"
          className={classes.mobileMenu}
        >
          {items.map((item) => (
            <NavLink key={item.path} to={item.path} end className={classes.mobileLink} onClick={menu.close}>
              {item.name}
            </NavLink>
          ))}
          <NavLink to="/login" className={classes.mobileLink} onClick={menu.close}>
            Log In
          </NavLink>
          <Button component={Link} to="/register" onClick={menu.close} mt="xs">
            Sign Up
          </Button>
        </Stack>
      </Collapse>
    </Box>
  );
}
