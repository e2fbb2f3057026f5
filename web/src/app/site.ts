/** The two site variants of seed 000: nonprofit when the host name contains the nonprofit domain. */
export type SiteVariant = "standard" | "nonprofit";

export function variantForHost(hostname: string, nonprofitDomain: string): SiteVariant {
  return nonprofitDomain && hostname.toLowerCase().includes(nonprofitDomain.toLowerCase())
    ? "nonprofit"
    : "standard";
}

/** What differs between the variants. */
export const variantDetails = {
  standard: {
    logoLabel: "Poundline",
    signUpTagline: "Start your 1-month free trial. No credit card required.",
    primaryColor: "blue",
  },
  nonprofit: {
    logoLabel: "Poundline Nonprofit",
    signUpTagline: "Join our community. Special nonprofit trial.",
    primaryColor: "green",
  },
} as const;

/** The company's public contact details, shown on the contact page and in the footer. */
export const company = {
  name: "Poundline",
  phone: "(407) 555-0199",
  phoneHref: "tel:+14075550199",
  salesEmail: "sales@poundline.com",
  supportEmail: "support@poundline.com",
  address: { line1: "200 S Orange Ave, Suite 1200", city: "Orlando", region: "FL", postalCode: "32801" },
  hours: [
    { days: "Monday - Friday", time: "9:00 AM - 5:00 PM EST" },
    { days: "Saturday - Sunday", time: "Closed" },
  ],
} as const;

export const companyAddressLine = `${company.address.line1}, ${company.address.city}, ${company.address.region} ${company.address.postalCode}`;
