import { Table } from "@mantine/core";
import { company } from "../../app/site";
import { LegalPage, type LegalSection } from "./LegalPage";
import { Bullets, ContactDetails, EmailLink, P, PageLink, Sub } from "./legal-text";

/** Days within which a request is answered, and the longest it may take when extended (CCPA). */
const RESPONSE_DAYS = 45;
const EXTENDED_RESPONSE_DAYS = 90;

const [weekdays] = company.hours;
const businessHours = `${weekdays.days}, ${weekdays.time}`;

/** CCPA categories of personal information, with examples and to whom we disclose them. */
const categories = [
  {
    category: "Identifiers",
    examples: "Name, email address, phone number, account ID, IP address",
    recipients: "Cloud hosting and email providers, payment processor, telecommunications carriers",
  },
  {
    category: "Customer records (Cal. Civ. Code § 1798.80(e))",
    examples: "Name, business and service address, telephone number, billing information",
    recipients: "Payment processor, cloud hosting provider, 911 service providers",
  },
  {
    category: "Commercial information",
    examples:
      "Plan and subscription, wallet top-ups and charges, call detail records, numbers and licences held",
    recipients: "Payment processor, cloud hosting provider, telecommunications carriers",
  },
  {
    category: "Internet or other electronic network activity",
    examples: "Pages visited, sign-in times, browser and device type, dashboard activity logs",
    recipients: "Cloud hosting provider",
  },
  {
    category: "Geolocation data",
    examples:
      "Registered E911 service address; approximate location (state, area code) derived from phone numbers",
    recipients: "911 service providers and emergency call centers, telecommunications carriers",
  },
  {
    category: "Audio, electronic or similar information",
    examples: "Call recordings, voicemail messages and their transcriptions",
    recipients: "Cloud hosting provider, speech-to-text transcription provider",
  },
  {
    category: "Professional or employment-related information",
    examples: "Company name, job title, role in your organization's account",
    recipients: "Cloud hosting provider",
  },
  {
    category: "Sensitive personal information",
    examples:
      "Account log-in credentials; the contents of text messages, recordings and voicemails carried for our customers",
    recipients: "Cloud hosting provider, telecommunications carriers (to deliver the communication)",
  },
];

function CategoriesTable() {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder withColumnBorders verticalSpacing="sm">
        <Table.Caption>Personal information collected in the last 12 months</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Category</Table.Th>
            <Table.Th scope="col">Examples</Table.Th>
            <Table.Th scope="col">Disclosed for a business purpose to</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.map((row) => (
            <Table.Tr key={row.category}>
              <Table.Th scope="row" fw={600}>
                {row.category}
              </Table.Th>
              <Table.Td>{row.examples}</Table.Td>
              <Table.Td>{row.recipients}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const sections: LegalSection[] = [
  {
    id: "scope",
    title: "Scope of This Notice",
    content: (
      <>
        <P>
          This notice supplements our <PageLink to="/privacy-policy">Privacy Policy</PageLink> and applies to
          residents of California ("consumers"). It describes our practices under the California Consumer
          Privacy Act, as amended by the California Privacy Rights Act (together, the "CCPA"), and the rights
          the CCPA gives you. Terms defined in the CCPA have the same meaning here.
        </P>
        <P>
          When we process personal information in communications our business customers send and receive, such
          as their callers' recordings, messages and CRM records, we do so as a service provider to that
          customer. If you are a caller or contact of one of our customers, please send your request to that
          business; if you send it to us, we will forward it to them and help them respond.
        </P>
      </>
    ),
  },
  {
    id: "categories",
    title: "Categories of Personal Information We Collect",
    content: (
      <>
        <P>
          In the preceding 12 months we have collected the following categories of personal information. We do
          not collect biometric information, and we do not use personal information to create profiles that
          predict a consumer's characteristics or preferences.
        </P>
        <CategoriesTable />
        <Sub>Sources</Sub>
        <P>
          We collect personal information directly from you (for example when you register, add funds or
          contact us), from your devices when you use our websites and the Service, from your organization's
          account administrators, from callers and senders of messages to your numbers, and from carriers and
          payment processors involved in providing the Service.
        </P>
      </>
    ),
  },
  {
    id: "purposes",
    title: "Why We Collect and Use Personal Information",
    content: (
      <Bullets
        items={[
          "Providing the Service: routing calls and messages, recording and transcription when enabled, voicemail, CRM, analytics and support.",
          "Routing 911 calls and giving emergency dispatchers your registered location.",
          "Billing, subscription and prepaid wallet management, and financial record keeping.",
          "Security and integrity: preventing fraud, spam, robocalls and unauthorized access, and enforcing our terms.",
          "Complying with legal obligations and responding to lawful requests.",
          "Maintaining and improving the Service and communicating with you about it.",
        ]}
      />
    ),
  },
  {
    id: "sale-sharing",
    title: "Sale and Sharing of Personal Information",
    content: (
      <>
        <P>
          <strong>We do not sell personal information</strong>, and we do not share personal information for
          cross-context behavioral advertising. We have not done either in the preceding 12 months. We do not
          knowingly sell or share the personal information of consumers under 16 years of age.
        </P>
        <P>
          We disclose personal information for business purposes only to the service providers, contractors
          and carriers listed in the table above, under contracts that restrict their use of it, and as
          required by law. We honor Global Privacy Control (GPC) browser signals as a request to opt out of
          sale and sharing.
        </P>
      </>
    ),
  },
  {
    id: "sensitive",
    title: "Sensitive Personal Information",
    content: (
      <P>
        We use sensitive personal information, such as your log-in credentials and the contents of
        communications we carry, only to provide the Service you request, to keep it secure and to comply with
        the law, as permitted by the CCPA regulations. We do not use or disclose it to infer characteristics
        about you. You may still ask us to limit the use and disclosure of your sensitive personal
        information, and we will confirm that our use is limited to these purposes.
      </P>
    ),
  },
  {
    id: "retention",
    title: "How Long We Keep Personal Information",
    content: (
      <P>
        We keep each category of personal information only as long as needed for the purposes above: account
        and billing records for the life of the account and then as required for tax, accounting and
        telecommunications record keeping (generally up to seven years); recordings, voicemails,
        transcriptions, messages and CRM contacts until they are deleted by the customer or within 90 days
        after the account is closed; and website form submissions for no longer than three years. See the
        Privacy Policy for details.
      </P>
    ),
  },
  {
    id: "rights",
    title: "Your California Privacy Rights",
    content: (
      <>
        <P>Subject to exceptions in the law, you have the right to:</P>
        <Bullets
          items={[
            <>
              <strong>Know and access</strong>: request the categories of personal information we collected
              about you, the categories of sources, our purposes, the categories of third parties to whom we
              disclosed it, and the specific pieces of personal information we hold, in a portable format.
            </>,
            <>
              <strong>Delete</strong>: request that we delete personal information we collected from you,
              unless we need to keep it, for example to complete a transaction, secure the Service or comply
              with a legal obligation.
            </>,
            <>
              <strong>Correct</strong>: request that we correct inaccurate personal information about you.
            </>,
            <>
              <strong>Opt out of sale or sharing</strong>: direct us not to sell or share your personal
              information. As explained above, we do not sell or share it.
            </>,
            <>
              <strong>Limit the use of sensitive personal information</strong>: direct us to use it only for
              the purposes the CCPA permits.
            </>,
            <>
              <strong>Non-discrimination</strong>: we will not deny you service, charge you different prices
              or give you a different quality of service because you exercised any of these rights.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: "requests",
    title: "How to Submit a Request",
    content: (
      <>
        <P>You can submit a request in either of these ways:</P>
        <Bullets
          items={[
            <>
              Email <EmailLink email={company.supportEmail} /> with the subject "California Privacy Request",
              saying which right you want to exercise.
            </>,
            <>
              Call us at {company.phone} ({businessHours}).
            </>,
          ]}
        />
        <Sub>Verification</Sub>
        <P>
          To protect your information, we verify your identity before acting on a request to know, delete or
          correct. We will ask you to confirm information that matches our records, usually by replying from
          the email address on your account or confirming a link we send to it. Requests for specific pieces
          of personal information require a higher degree of verification. We use the information you provide
          only to verify and answer your request.
        </P>
        <Sub>Authorized agents</Sub>
        <P>
          You may use an authorized agent to submit a request for you. We will ask the agent for your signed
          written permission, and we may ask you to verify your identity directly with us and confirm that you
          gave the agent permission, unless the agent holds a power of attorney under California Probate Code
          sections 4121 to 4130.
        </P>
        <Sub>Response timing</Sub>
        <P>
          We confirm receipt of a request within 10 business days and answer it within {RESPONSE_DAYS}{" "}
          calendar days of receiving it. If we need more time, we may extend that period once by up to another
          45 days, to {EXTENDED_RESPONSE_DAYS} days in total; if we do, we will tell you why within the first{" "}
          {RESPONSE_DAYS} days. Requests are free of charge unless they are manifestly unfounded or excessive.
          If we cannot fulfil a request, we will explain why.
        </P>
      </>
    ),
  },
  {
    id: "shine-the-light",
    title: "Shine the Light",
    content: (
      <P>
        Under California Civil Code section 1798.83, California residents may ask whether we disclosed
        personal information to third parties for their own direct marketing. We do not make such disclosures.
      </P>
    ),
  },
  {
    id: "contact",
    title: "Contact Us",
    content: (
      <>
        <P>For questions about this notice or your California privacy rights, contact us:</P>
        <ContactDetails />
      </>
    ),
  },
];

export function CaPrivacyPolicyPage() {
  return (
    <LegalPage
      title="California Privacy Notice"
      intro={
        <P>
          This notice for California residents explains the personal information Poundline collects and the
          rights you have under the California Consumer Privacy Act and California Privacy Rights Act
          (CCPA/CPRA).
        </P>
      }
      sections={sections}
    />
  );
}
