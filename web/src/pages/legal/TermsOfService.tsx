import { company } from "../../app/site";
import { LegalPage, type LegalSection } from "./LegalPage";
import { Bullets, ContactDetails, EmailLink, P, PageLink, Sub } from "./legal-text";

const sections: LegalSection[] = [
  {
    id: "agreement",
    title: "Agreement to These Terms",
    content: (
      <>
        <P>
          These Terms of Service ("Terms") are a binding agreement between you and Poundline ("Poundline",
          "we", "us" or "our") and govern your access to and use of our websites, web dashboard, mobile and
          desktop applications, phone numbers, pound codes and related communications services (together, the
          "Service").
        </P>
        <P>
          By creating an account, starting a free trial, or using the Service, you agree to these Terms, to
          our <PageLink to="/privacy-policy">Privacy Policy</PageLink> and to our{" "}
          <PageLink to="/e911-policy">E911 Policy</PageLink>, which are part of these Terms. If you accept
          these Terms on behalf of a company or other organization, you represent that you have authority to
          bind it, and "you" refers to that organization. If you do not agree, do not use the Service.
        </P>
      </>
    ),
  },
  {
    id: "service",
    title: "The Service",
    content: (
      <>
        <P>
          Poundline is a cloud business phone system for customers in the United States and Canada. Depending
          on your plan, the Service includes local and toll-free numbers, call routing (including
          business-hours, after-hours and geo-location routing), IVR menus, voicemail with transcription, call
          recording, SMS/MMS text messaging, call queues, conference calling, a built-in CRM, call analytics,
          website click-to-call and click-to-text widgets, integrations, and licensed vanity "pound codes".
        </P>
        <P>
          The Service is a business service. It relies on the internet and on third-party telecommunications
          carriers, and it is not a replacement for a traditional landline or mobile telephone service for
          emergency calling (see Section 10).
        </P>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Eligibility and Accounts",
    content: (
      <>
        <P>
          You must be at least 18 years old and able to form a binding contract to use the Service. The
          Service is intended for business and organizational use, not for personal, family or household
          purposes.
        </P>
        <Bullets
          items={[
            "You must give accurate and complete registration information, including your legal name, company name, email address and the physical address of each location where the Service is used, and keep it up to date.",
            "You are responsible for keeping your password and sign-in methods confidential and for all activity under your account. Tell us immediately at the support address below if you suspect unauthorized access.",
            "Account administrators are responsible for the users they add, for the permissions they grant, and for making sure every user follows these Terms.",
            "We may verify your identity or business information, and may refuse or limit service where we cannot, in particular before enabling text messaging, toll-free numbers or international calling.",
          ]}
        />
      </>
    ),
  },
  {
    id: "trial",
    title: "Free Trial",
    content: (
      <>
        <P>
          New customers may use the Service free of charge for a trial period of one (1) month. No credit card
          is required to start the trial. The trial includes one local number, one administrator and two
          users, and may be subject to usage limits that prevent abuse. We may offer only one trial per
          customer and may end a trial early if we detect misuse.
        </P>
        <P>
          When the trial ends, your account remains accessible, but calls, texts and other active features may
          be disabled or limited until you subscribe to a paid plan. A number assigned to you during the trial
          may be released back to the carrier if you do not subscribe within a reasonable time after the trial
          ends.
        </P>
      </>
    ),
  },
  {
    id: "billing",
    title: "Subscriptions, Prepaid Wallet and Charges",
    content: (
      <>
        <Sub>Subscription fees</Sub>
        <P>
          Paid plans are billed in advance, monthly or annually, at the price shown when you subscribe. There
          is no setup fee. Subscriptions renew automatically for the same period until cancelled. Upgrades
          take effect immediately; downgrades take effect at the start of the next billing cycle. If you
          cancel, the cancellation takes effect at the end of the current billing period, and you keep access
          until then.
        </P>
        <Sub>Prepaid wallet and usage charges</Sub>
        <P>
          Usage-based charges, such as calling minutes, SMS and MMS messages, additional phone numbers,
          premium numbers, call recording storage beyond your plan, and carrier registration fees, are paid
          from a prepaid account balance (your "wallet"). You add funds to your wallet by card through our
          payment processor. Charges are deducted from the wallet as usage occurs at the rates shown in your
          dashboard.
        </P>
        <Bullets
          items={[
            "You are responsible for keeping a sufficient wallet balance. When the balance is too low to cover a charge, outgoing calls, texts and other paid features may stop working until you add funds.",
            "Wallet funds are not cash, do not earn interest, cannot be transferred to another account and are non-refundable except where required by law or when we terminate the Service without cause, in which case we refund the unused balance.",
            "Prices exclude applicable taxes and government-mandated fees (such as federal, state, provincial and local taxes, 911 fees and universal service charges), which are added to your charges where they apply.",
            "If a payment is reversed or disputed, we may suspend the Service and deduct the amount, plus any fee we incur, from your wallet.",
          ]}
        />
        <Sub>Price changes</Sub>
        <P>
          We may change our prices. We will give you at least 30 days' notice of an increase in subscription
          fees, which applies from your next billing period. Usage rates can change more quickly when carriers
          change their charges to us; current rates are always shown in your dashboard.
        </P>
      </>
    ),
  },
  {
    id: "numbers",
    title: "Phone Numbers and Porting",
    content: (
      <>
        <P>
          Phone numbers are assigned to you for use with the Service; they are administered under the
          numbering rules of the country that issues them (the North American Numbering Plan in the United
          States and Canada) and are not your property. Numbers in some countries are assigned only once the
          address or identity documents their regulator requires are approved. Availability of particular
          numbers, area codes and vanity numbers is not guaranteed.
        </P>
        <Bullets
          items={[
            "Porting a number in from another provider usually takes 7 to 10 business days and depends on the losing carrier. You must be authorized to port the number and give accurate account information.",
            "You may port your numbers out to another provider while your account is in good standing. We will not unreasonably delay a valid port-out request, but unpaid amounts remain due.",
            "Numbers that are not paid for, or that remain unused after your account is closed, may be released and reassigned.",
          ]}
        />
      </>
    ),
  },
  {
    id: "pound-codes",
    title: "Pound Codes, Vanity Numbers and Territories",
    content: (
      <>
        <P>
          Premium "pound codes" (for example #4LAW or #TAXI) and premium vanity numbers are licensed to you,
          not sold. A licence gives you the right to receive calls placed to the code from within the
          territory and for the business category stated in your licence, for the licence term, as long as you
          pay the licence fees and comply with these Terms.
        </P>
        <Bullets
          items={[
            "Territory rights are limited to the areas (for example states or area codes) named in your licence. Calls from outside your territory may be routed to another licensee or to a default destination.",
            "You may not sublicense, sell, transfer or advertise a code outside your licensed territory or category without our written consent.",
            "The specific fees, term and territory of a licence are set out in your licence agreement or order, which prevails over these Terms where they conflict.",
            "We may suspend or revoke a licence if you breach these Terms or the licence, or if a carrier or regulator requires it. Dialing of pound codes depends on the participating carriers and may not be available from every network.",
          ]}
        />
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable Use",
    content: (
      <>
        <P>
          You are responsible for all calls, messages and content sent through your account. You must not:
        </P>
        <Bullets
          items={[
            "use the Service for anything unlawful, fraudulent, deceptive, harassing, threatening or abusive;",
            "place autodialed or prerecorded-voice calls, or send autodialed or marketing text messages, without the prior express (and, where required, written) consent of the recipient, in violation of the Telephone Consumer Protection Act (TCPA), the Telemarketing Sales Rule or similar state laws;",
            "call or text numbers on the U.S. National Do Not Call Registry or Canada's National Do Not Call List for telemarketing, except as those rules allow;",
            "send unsolicited bulk messages (spam) or messages that violate the CAN-SPAM Act, Canada's Anti-Spam Legislation (CASL), carrier policies or industry guidelines such as the CTIA Messaging Principles and Best Practices;",
            "spoof or misrepresent caller ID, or transmit misleading or inaccurate caller ID information with intent to defraud or cause harm (Truth in Caller ID Act);",
            "record calls without the notice and consent required by law (see our Disclaimer & Disclosures);",
            "resell the Service, run call-center traffic pumping, or generate artificial traffic;",
            "interfere with, probe or overload our systems or networks, or use the Service to send malware; or",
            "infringe anyone's intellectual property, privacy or publicity rights.",
          ]}
        />
        <Sub>Text messaging (SMS/MMS) rules</Sub>
        <Bullets
          items={[
            "Obtain and keep records of each recipient's consent before sending them messages, and send only the kind of messages they agreed to receive.",
            'Identify your business in your messages and honor opt-out requests such as "STOP" immediately; do not message a recipient again after they opt out, except a single confirmation of the opt-out.',
            "Respect quiet hours and frequency limits set by law and by carriers.",
            "Complete any brand and campaign registration that carriers require (for example 10DLC registration or toll-free verification). Unregistered traffic may be filtered or blocked by carriers, and related carrier fees are your responsibility.",
            "Do not send content about prohibited or restricted subjects (for example illegal drugs, or high-risk financial services) where carriers forbid it.",
          ]}
        />
        <P>
          We may block calls or messages, suspend numbers, or suspend your account if we reasonably believe
          your use violates this section, harms our network or carriers, or exposes us to liability. You will
          indemnify us for fines, carrier penalties and claims arising from your violations.
        </P>
      </>
    ),
  },
  {
    id: "content",
    title: "Your Content, Recordings and CRM Data",
    content: (
      <>
        <P>
          You keep ownership of the content you and your callers create through the Service, including call
          recordings, voicemails, transcriptions, messages and CRM contacts ("Customer Content"). You grant us
          a limited licence to host, process, transmit and display Customer Content only as needed to provide,
          secure and support the Service and as described in our Privacy Policy.
        </P>
        <P>
          You are responsible for having the rights and consents needed to collect and use Customer Content,
          including any notice and consent required to record calls or transcribe voicemails, and for the
          accuracy of contact information you store in the CRM.
        </P>
      </>
    ),
  },
  {
    id: "e911",
    title: "Emergency Calling (E911)",
    content: (
      <>
        <P>
          911 and E911 service provided through a VoIP service like ours has important limitations compared
          with traditional telephone service. 911 calls may not work, or may be routed to the wrong emergency
          center, during a power, internet or network outage, if your account is suspended, or if the
          registered address of a number is wrong or out of date.
        </P>
        <P>
          You must register a valid physical address for each number, keep it current, and inform every person
          who uses the Service of these limitations. Our <PageLink to="/e911-policy">E911 Policy</PageLink>{" "}
          describes these limitations and your obligations in detail and is part of these Terms; by using the
          Service you acknowledge that you have read and understood it.
        </P>
      </>
    ),
  },
  {
    id: "third-parties",
    title: "Third-Party Carriers and Services",
    content: (
      <P>
        The Service relies on third-party telecommunications carriers, messaging aggregators, cloud hosting,
        payment processing and other providers. We are not responsible for their acts or omissions, including
        carrier filtering or blocking of calls and messages, delays in number porting, or outages of their
        networks. Integrations with third-party software are subject to those providers' own terms.
      </P>
    ),
  },
  {
    id: "availability",
    title: "Service Availability and Changes",
    content: (
      <P>
        We work to keep the Service available and reliable, but we do not guarantee that it will be
        uninterrupted or error-free. We may perform scheduled maintenance, and we may add, change or remove
        features. If we remove a feature that is material to your paid plan, you may cancel and receive a
        pro-rated refund of any prepaid subscription fees for the remaining period.
      </P>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    content: (
      <P>
        The Service, including its software, design, text and trademarks, belongs to Poundline and its
        licensors and is protected by law. We grant you a limited, non-exclusive, non-transferable right to
        use the Service during your subscription in accordance with these Terms. You may not copy, modify,
        reverse engineer or resell the Service. If you send us feedback or feature requests, we may use them
        without obligation to you.
      </P>
    ),
  },
  {
    id: "warranties",
    title: "Disclaimer of Warranties",
    content: (
      <P>
        To the fullest extent permitted by law, the Service is provided "as is" and "as available", without
        warranties of any kind, whether express or implied, including warranties of merchantability, fitness
        for a particular purpose, title and non-infringement. We do not warrant that calls or messages will be
        completed or delivered, that the Service will meet your requirements, or that any marketing results
        will be achieved.
      </P>
    ),
  },
  {
    id: "liability",
    title: "Limitation of Liability",
    content: (
      <>
        <P>
          To the fullest extent permitted by law, neither Poundline nor its carriers, suppliers or licensors
          will be liable for any indirect, incidental, special, consequential, exemplary or punitive damages,
          or for lost profits, revenue, business, goodwill or data, arising out of or relating to the Service
          or these Terms, even if advised of the possibility of such damages.
        </P>
        <P>
          Our total liability for all claims arising out of or relating to the Service or these Terms is
          limited to the amount you paid us for the Service in the six (6) months before the event giving rise
          to the claim. These limits do not apply to liability that cannot be limited under applicable law,
          such as liability for fraud or, where the law so provides, for gross negligence or wilful
          misconduct.
        </P>
      </>
    ),
  },
  {
    id: "indemnification",
    title: "Indemnification",
    content: (
      <P>
        You will defend, indemnify and hold harmless Poundline and its officers, employees, carriers and
        suppliers from any claims, damages, fines, penalties and costs (including reasonable attorneys' fees)
        arising from your use of the Service, your Customer Content, your calls and messages, your failure to
        obtain required consents, your failure to inform users of the E911 limitations, or your breach of
        these Terms or of any law.
      </P>
    ),
  },
  {
    id: "termination",
    title: "Suspension and Termination",
    content: (
      <>
        <P>
          You may cancel your subscription at any time from your dashboard or by contacting support;
          cancellation takes effect at the end of the current billing period. We may suspend or terminate your
          account, immediately where necessary, if you breach these Terms, fail to pay, create risk or legal
          exposure for us or others, or if required by a carrier, court or regulator. We may also terminate
          the Service for convenience on 30 days' notice.
        </P>
        <P>
          After termination, your right to use the Service ends, your numbers may be released unless you port
          them out beforehand, and we may delete Customer Content after a reasonable period as described in
          our Privacy Policy. Sections that by their nature should survive termination (including payment
          obligations, indemnification, limitation of liability and governing law) survive.
        </P>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to These Terms",
    content: (
      <P>
        We may update these Terms from time to time. For material changes we will give you at least 30 days'
        notice by email to your account's address or by a notice in your dashboard before the changes take
        effect. The "Last Updated" date above shows when these Terms were last revised. If you continue to use
        the Service after the changes take effect, you accept the updated Terms; if you do not agree, you may
        cancel before they take effect.
      </P>
    ),
  },
  {
    id: "governing-law",
    title: "Governing Law and Disputes",
    content: (
      <P>
        These Terms are governed by the laws of the State of Florida and applicable United States federal law,
        without regard to conflict-of-law rules. Any dispute arising out of or relating to these Terms or the
        Service will be brought exclusively in the state or federal courts located in Orange County, Florida,
        and you and we consent to their jurisdiction. Before filing a claim, each party agrees to try in good
        faith to resolve the dispute informally for at least 30 days after written notice. Nothing in this
        section limits any rights you have under mandatory laws of your province or state of residence.
      </P>
    ),
  },
  {
    id: "general",
    title: "General",
    content: (
      <Bullets
        items={[
          "These Terms, together with the policies they reference and any order or licence agreement, are the entire agreement between you and us about the Service.",
          "If any provision is found unenforceable, the rest of these Terms remain in effect.",
          "You may not assign these Terms without our written consent; we may assign them in connection with a merger, acquisition or sale of assets.",
          "Our failure to enforce a provision is not a waiver of our right to do so later.",
          "Neither party is liable for delays or failures caused by events beyond its reasonable control, such as natural disasters, carrier outages or acts of government.",
          "We may send you notices by email or in your dashboard; you may send notices to the address below.",
        ]}
      />
    ),
  },
  {
    id: "contact",
    title: "Contact Us",
    content: (
      <>
        <P>
          Questions about these Terms can be sent to <EmailLink email={company.supportEmail} /> or by mail to:
        </P>
        <ContactDetails />
      </>
    ),
  },
];

export function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <P>
          Please read these Terms carefully. They include important information about our prepaid wallet, the
          limitations of 911 emergency calling over VoIP, and limits on our liability.
        </P>
      }
      sections={sections}
    />
  );
}
