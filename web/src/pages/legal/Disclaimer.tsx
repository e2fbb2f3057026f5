import { LegalPage, type LegalSection } from "./LegalPage";
import { Bullets, ContactDetails, P, PageLink } from "./legal-text";

const sections: LegalSection[] = [
  {
    id: "general",
    title: "General Information",
    content: (
      <P>
        The information on Poundline's websites, including descriptions of features, plans, pricing, marketing
        programs and help articles, is provided for general information about our services. We try to keep it
        accurate and current, but we do not warrant that it is complete or error-free, and it may change
        without notice. Your use of the Service is governed by our{" "}
        <PageLink to="/terms-of-service">Terms of Service</PageLink>, which prevail over anything on this
        site.
      </P>
    ),
  },
  {
    id: "statistics",
    title: "Marketing Statistics and Claims",
    content: (
      <>
        <P>
          Our marketing pages describe a partnership between a marketing agency and a pound-code provider and
          quote figures such as "500+ campaigns", "98% client retention", "300% average ROI increase" and "50+
          industries". These figures:
        </P>
        <Bullets
          items={[
            "are reported by our marketing partner from its own past campaigns and client records, and have not been independently audited;",
            "describe averages and past results across many clients, campaigns and industries, and are not a prediction or promise of the results any particular customer will achieve; and",
            "depend on factors outside our control, including your market, competition, budget, offer, follow-up and sales process.",
          ]}
        />
        <P>
          References to a search-advertising grant program for nonprofits (up to $10,000 per month in
          advertising credit) describe a program run by a third party. Eligibility, approval, amounts and
          terms are decided solely by that third party and can change at any time; we cannot guarantee that
          any organization will be accepted or will keep the grant.
        </P>
      </>
    ),
  },
  {
    id: "no-guarantee",
    title: "No Guarantee of Results",
    content: (
      <P>
        We do not guarantee any particular business outcome from using the Service, such as an increase in
        calls, leads, sales, donations, revenue or return on investment. Testimonials and examples on our site
        show how some customers use the Service; some are representative samples, and results vary from
        customer to customer.
      </P>
    ),
  },
  {
    id: "carriers",
    title: "Third-Party Carriers and Services",
    content: (
      <P>
        Calls, text messages, number porting and emergency calling depend on third-party telecommunications
        carriers, messaging aggregators and other providers. Their networks, policies and filtering (for
        example spam filtering of text messages or call labelling by mobile carriers) can affect whether and
        how quickly calls connect and messages are delivered. We are not responsible for the acts, omissions
        or outages of those third parties, and we do not control or endorse third-party websites or
        integrations linked from our site.
      </P>
    ),
  },
  {
    id: "pricing",
    title: "Pricing and Availability Changes",
    content: (
      <Bullets
        items={[
          "Prices, plans, features and promotions shown on our site may change. The price that applies to you is the one shown when you subscribe or make a purchase, subject to the notice we give under our Terms of Service.",
          "Usage rates for calls, text messages and numbers can change when carrier costs, taxes or regulatory fees change.",
          "Advertised savings on annual billing compare the per-month price of annual billing with the monthly price of the same plan.",
          "Availability of specific phone numbers, area codes, vanity numbers and pound codes is not guaranteed until they are assigned or licensed to you.",
        ]}
      />
    ),
  },
  {
    id: "recording",
    title: "Call Recording and Consent Laws",
    content: (
      <>
        <P>
          The Service lets you record calls and transcribe voicemails. Laws on recording and monitoring
          communications differ by jurisdiction. Some U.S. states (for example California, Florida, Illinois,
          Maryland, Massachusetts, Pennsylvania and Washington) require the consent of everyone on the call,
          and Canadian privacy law requires that callers be told why a call is recorded.
        </P>
        <P>
          Complying with these laws is your responsibility as the customer. You must give any required notice
          (for example a greeting saying "this call may be recorded"), obtain any required consent, and use
          and keep recordings lawfully. Poundline provides the tools but does not determine whether your use
          of them is lawful.
        </P>
      </>
    ),
  },
  {
    id: "emergency",
    title: "Emergency Calling",
    content: (
      <P>
        911 calls over a VoIP service have limitations that traditional phone service does not, including
        during power and internet outages. Please read our <PageLink to="/e911-policy">E911 Policy</PageLink>{" "}
        before using the Service and share it with everyone who uses your phone system.
      </P>
    ),
  },
  {
    id: "not-advice",
    title: "Not Legal, Tax or Regulatory Advice",
    content: (
      <P>
        Nothing on our site, in our help articles or from our support team is legal, tax, accounting or
        regulatory advice. Summaries of laws such as the TCPA, CASL, call-recording laws or privacy laws are
        simplified and may not apply to your situation. Consult a qualified professional about your own
        obligations, including consent for calls and text messages.
      </P>
    ),
  },
  {
    id: "contact",
    title: "Contact Us",
    content: (
      <>
        <P>If you have questions about these disclosures, contact us:</P>
        <ContactDetails />
      </>
    ),
  },
];

export function DisclaimerPage() {
  return <LegalPage title="Disclaimer & Disclosures" sections={sections} />;
}
