import { company } from "../../app/site";
import { LegalPage, type LegalSection } from "./LegalPage";
import { Bullets, ContactDetails, EmailLink, P, PageLink, Sub } from "./legal-text";

const sections: LegalSection[] = [
  {
    id: "scope",
    title: "Who We Are and What This Policy Covers",
    content: (
      <>
        <P>
          Poundline ("we", "us" or "our") provides a cloud business phone system to organizations in the
          United States and Canada. This Privacy Policy explains how we collect, use, share and protect
          personal information when you visit our websites, create an account, or use our dashboard, apps,
          phone numbers and communications services (the "Service").
        </P>
        <P>
          Our business customers decide how they use the Service to communicate with their own callers and
          contacts. For the content of those communications, such as recordings, messages and CRM contacts, we
          act on our customer's behalf as a service provider (or "processor"), and the customer's own privacy
          notice also applies. California residents should also read our{" "}
          <PageLink to="/ca-privacy-policy">California Privacy Notice</PageLink>.
        </P>
      </>
    ),
  },
  {
    id: "collect",
    title: "Information We Collect",
    content: (
      <>
        <Sub>Information you give us</Sub>
        <Bullets
          items={[
            "Account and contact information: name, email address, company name, phone number, password (stored only in hashed form) and account settings.",
            "Service and E911 address: the physical address of your business and of each number, which we need to route emergency calls.",
            "Billing information: billing address, subscription and wallet transactions. Card details are collected and stored by our payment processor; we do not store full card numbers.",
            "Website forms: messages you send through the contact form, feature requests and phone number requests, including any email address you give us so we can reply.",
            "Support communications: what you tell us when you contact support.",
          ]}
        />
        <Sub>Information created when you use the Service</Sub>
        <Bullets
          items={[
            "Call detail records: calling and called numbers, date, time, duration, routing path, the IVR options chosen, call outcome and cost.",
            "Call recordings and their transcripts, when recording is enabled on your account.",
            "Voicemail messages and their automatic transcriptions.",
            "Text messages (SMS/MMS) sent and received through your numbers, including their content and delivery status.",
            "CRM contacts: contacts created automatically from calls and texts (phone number, caller ID name, approximate location derived from the number or area code) and the details you add, such as names, notes, tags, custom fields, lead status and follow-up dates.",
            "Technical and usage data: IP address, browser and device type, pages visited, sign-in times, and logs of actions in the dashboard, which we use for security and troubleshooting.",
          ]}
        />
        <Sub>Cookies</Sub>
        <P>
          We use cookies that are necessary to keep you signed in and to protect your account. We do not use
          cookies to show you advertising on other websites.
        </P>
      </>
    ),
  },
  {
    id: "use",
    title: "How We Use Information",
    content: (
      <Bullets
        items={[
          "To provide the Service: connect and route calls and messages, record and transcribe when enabled, deliver voicemails, maintain your CRM, and show analytics.",
          "To route 911 calls to the right emergency center and give dispatchers your registered location.",
          "To bill you, manage your subscription and prepaid wallet, and keep financial and tax records.",
          "To provide support, answer requests and send service notices such as receipts, security alerts and changes to our terms.",
          "To protect the Service and our customers: detect and prevent fraud, spam, robocalls, unauthorized access and abuse, and enforce our Terms of Service.",
          "To comply with the law, including telecommunications, tax, emergency-calling and lawful-request obligations.",
          "To maintain and improve the Service, using aggregated or de-identified information wherever possible.",
          "To send you product news and offers, which you can opt out of at any time using the link in the email or by contacting us.",
        ]}
      />
    ),
  },
  {
    id: "share",
    title: "How We Share Information",
    content: (
      <>
        <P>We do not sell personal information. We share it only as follows:</P>
        <Bullets
          items={[
            "Telecommunications carriers and interconnection partners, to complete calls and deliver messages, port numbers, register messaging campaigns, and prevent fraud. Carriers receive the information needed to carry the communication, such as phone numbers and message content.",
            "Emergency services: 911 providers and public safety answering points receive your registered address and callback number when a 911 call is placed.",
            "Service providers (processors) that work for us under contracts requiring them to protect the information and use it only for our instructions: cloud hosting, payment processing, email delivery, speech-to-text transcription and customer support tools.",
            "Within your organization: account administrators can see the call logs, recordings, voicemails, messages and CRM records of their account's users.",
            "Legal and safety reasons: when required by law, subpoena, court order or other lawful request, or to protect the rights, property or safety of our customers, the public or Poundline.",
            "Business transfers: as part of a merger, acquisition, financing or sale of assets, subject to this Policy.",
            "With your consent or at your direction, for example when you connect a third-party integration.",
          ]}
        />
      </>
    ),
  },
  {
    id: "retention",
    title: "Data Retention",
    content: (
      <>
        <P>We keep personal information only as long as needed for the purposes in this Policy:</P>
        <Bullets
          items={[
            "Account information: for as long as your account is active, and afterwards as long as needed to meet legal, tax and accounting obligations and to resolve disputes.",
            "Call detail records and billing records: as long as required by billing, tax and telecommunications record-keeping rules, generally up to seven years.",
            "Call recordings, voicemails, transcriptions, messages and CRM contacts: until you or your administrator delete them, or until your account is closed. After closure we delete them within 90 days, unless the law requires us to keep them longer.",
            "Website form submissions: as long as needed to answer and follow up on them, and no longer than three years.",
          ]}
        />
        <P>
          Deleted information may remain in encrypted backups for a limited time before it is overwritten.
        </P>
      </>
    ),
  },
  {
    id: "security",
    title: "How We Protect Information",
    content: (
      <P>
        We use administrative, technical and physical safeguards designed to protect personal information,
        including encryption in transit, hashed passwords, access controls limited to staff who need access,
        audit logging and monitoring for abuse. No system is completely secure, so we cannot guarantee
        absolute security. If a security breach affects your personal information, we will notify you and the
        authorities as required by law. Please use a strong, unique password and keep it confidential.
      </P>
    ),
  },
  {
    id: "rights",
    title: "Your Rights and Choices",
    content: (
      <>
        <P>Depending on where you live, you may have the right to:</P>
        <Bullets
          items={[
            "access the personal information we hold about you and receive a copy;",
            "correct inaccurate information (you can also update most account details in your dashboard);",
            "delete your information, subject to exceptions the law allows;",
            "withdraw consent, where we rely on consent; and",
            "opt out of marketing emails at any time.",
          ]}
        />
        <P>
          To make a request, email <EmailLink email={company.supportEmail} />. We will verify your identity
          before acting on it and will answer within the time the law requires. If your information is part of
          a Poundline customer's account (for example, you called or texted one of our customers), we will
          refer your request to that customer and assist them in responding.
        </P>
        <P>
          California residents have additional rights described in our{" "}
          <PageLink to="/ca-privacy-policy">California Privacy Notice</PageLink>. Residents of Canada have
          rights under the Personal Information Protection and Electronic Documents Act (PIPEDA) and
          applicable provincial laws and may contact the Office of the Privacy Commissioner of Canada if they
          are not satisfied with our response.
        </P>
      </>
    ),
  },
  {
    id: "transfers",
    title: "Where Information Is Processed",
    content: (
      <P>
        We are based in the United States, and information is stored and processed in the United States. If
        you use the Service from Canada, your information will be transferred to and processed in the United
        States, where it may be accessible to courts and authorities under U.S. law.
      </P>
    ),
  },
  {
    id: "children",
    title: "Children's Privacy",
    content: (
      <P>
        The Service is intended for businesses and is not directed to anyone under 18. We do not knowingly
        collect personal information from children under 18. If you believe a child has given us personal
        information, contact us and we will delete it.
      </P>
    ),
  },
  {
    id: "changes",
    title: "Changes to This Policy",
    content: (
      <P>
        We may update this Privacy Policy from time to time. The "Last Updated" date above shows when it was
        last revised. If we make material changes, we will notify you by email or in your dashboard before
        they take effect.
      </P>
    ),
  },
  {
    id: "contact",
    title: "Contact Us",
    content: (
      <>
        <P>For questions about this Policy or our privacy practices, contact us:</P>
        <ContactDetails />
      </>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <P>
          Your privacy matters to us. This Policy describes the information Poundline collects, how we use and
          share it, and the choices you have.
        </P>
      }
      sections={sections}
    />
  );
}
