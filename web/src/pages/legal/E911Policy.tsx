import { Alert, Text } from "@mantine/core";
import { TriangleAlert } from "lucide-react";
import { company } from "../../app/site";
import { LegalPage, type LegalSection } from "./LegalPage";
import { Bullets, ContactDetails, EmailLink, P, PageLink, Sub } from "./legal-text";

const sections: LegalSection[] = [
  {
    id: "how-it-works",
    title: "How 911 Works with Poundline",
    content: (
      <>
        <P>
          Poundline is an interconnected Voice over Internet Protocol (VoIP) service. Each Poundline number
          has a <strong>registered address</strong>, validated and kept by our carrier's 911 service, which
          routes a 911 call from the number to the public safety answering point (PSAP) that serves that
          address and passes the callback number and registered address to the dispatcher where the PSAP can
          receive them (Enhanced 911, or E911).
        </P>
        <P>
          <strong>
            Today 911 cannot be dialed from the console's phone in the browser or with Make a Call: dial 911
            from a mobile phone or a landline.
          </strong>
        </P>
        <P>
          Unlike a traditional landline, VoIP service does not know your physical location by itself.
          Emergency services rely on the address you registered with us, not on where you actually are when
          you call.
        </P>
      </>
    ),
  },
  {
    id: "registered-address",
    title: "A Registered Physical Address Is Required",
    content: (
      <>
        <P>
          You must provide a valid physical address for every phone number before using it: a number without
          one cannot place calls. Your company address is collected when you register, and you can set a
          different address for each number on the Phone Numbers screen of your dashboard.
        </P>
        <Bullets
          items={[
            "The address must be a street address where the phone or user is actually located, in the United States or Canada. Post office boxes and mailing addresses cannot be used.",
            "Include the details that help responders find the caller quickly, such as suite, floor, room or building. This is the caller's dispatchable location.",
            "We check addresses with our 911 service partner against emergency-services address records. If an address cannot be validated, we will ask you to correct it.",
            "Each user working from a different location, including at home, needs a number registered at that address.",
          ]}
        />
      </>
    ),
  },
  {
    id: "moving",
    title: "Update Your Address When You Move",
    content: (
      <P>
        If a phone, computer or user moves to a new location, even temporarily, you must update the registered
        address in your dashboard before placing calls from the new location. Address changes usually take
        effect within minutes but can take longer; until the update is complete, 911 calls may be sent to the
        emergency center for the old address. If you cannot update the address, use a landline or mobile phone
        to call 911.
      </P>
    ),
  },
  {
    id: "limitations",
    title: "Limitations of VoIP 911 Service",
    content: (
      <>
        <P>911 calls made through the Service may not be completed, or may be delayed or misrouted, if:</P>
        <Bullets
          items={[
            "there is a power outage at your location: desk phones, routers and modems need electricity, unless you keep them on a backup power supply;",
            "your internet or broadband connection is down, congested or too slow, or your network firewall blocks the service;",
            "your registered address is missing, wrong or out of date, or you are calling from a location other than the registered one;",
            "your account has been suspended or terminated, including for non-payment or an empty prepaid wallet, or your numbers have been ported away;",
            "your phone, app or device is misconfigured, not working, or is a device we do not support;",
            "there is an outage of our service, of our 911 partner, or of a carrier network.",
          ]}
        />
        <P>
          In some cases, for example when an address cannot be matched to a local emergency center, your call
          may first be answered by a national emergency call center. Its operator will ask for your location
          and transfer you to the right local emergency center.
        </P>
        <Sub>What to do when you call 911</Sub>
        <Bullets
          items={[
            "Tell the dispatcher your location and callback number right away; do not assume they can see them.",
            "Do not hang up until the dispatcher tells you to. If the call is disconnected, call back.",
            "Keep a landline or mobile phone available as a backup for emergencies.",
          ]}
        />
      </>
    ),
  },
  {
    id: "nomadic",
    title: "Nomadic Use, Softphones and Mobile Apps",
    content: (
      <>
        <P>
          Poundline can be used from anywhere with an internet connection. When you use a softphone, the
          mobile app, or a desk phone away from its registered address ("nomadic use"), your location is not
          updated automatically, so:
        </P>
        <Bullets
          items={[
            "update your registered address in the dashboard each time you work from a new location, or",
            "when that is not possible, call 911 from a mobile phone's regular dialer or a landline, which can locate you more reliably.",
          ]}
        />
        <P>
          911 calling through the Service is available only from locations in the United States and Canada. It
          does not connect to emergency services in other countries; use a local phone when outside those
          countries.
        </P>
      </>
    ),
  },
  {
    id: "text-tty",
    title: "Text Messaging and TTY",
    content: (
      <P>
        Text messages (SMS/MMS) sent from a Poundline number cannot reach 911. Text-to-911, where it is
        available, works only through a mobile carrier's native messaging. Some TTY devices and relay services
        may not work reliably over VoIP; TTY users should keep an alternative way to reach emergency services.
      </P>
    ),
  },
  {
    id: "mlts",
    title: "Kari's Law and RAY BAUM'S Act",
    content: (
      <>
        <P>
          When you use Poundline as a multi-line telephone system for your organization, federal rules apply
          to how 911 is dialed and how location is conveyed:
        </P>
        <Sub>Kari's Law</Sub>
        <P>
          Kari's Law requires that 911 can be dialed directly, without a prefix such as "9" or an access code,
          and that a notification reach a central point in your organization, such as a front desk or security
          team, when someone dials 911. Poundline needs no prefix for any number, but it does not place 911
          calls today and so sends no such notification: the phones your people use to call 911 must meet
          these rules.
        </P>
        <Sub>RAY BAUM'S Act</Sub>
        <P>
          911 calls must carry a dispatchable location: a validated street address plus the additional
          information, such as suite, floor or room, needed to find the caller. The location our carrier holds
          for a number is its registered address, which is why it must be kept current when the people using
          the number move. You are responsible for giving us accurate dispatchable locations for your numbers.
        </P>
      </>
    ),
  },
  {
    id: "canada",
    title: "911 Service in Canada",
    content: (
      <Bullets
        items={[
          "For Canadian numbers, 911 calls are routed using your registered address. Calls from nomadic users may first be answered by an emergency call center agent who confirms your location and transfers you to the local 911 center, so be ready to state your address.",
          "The same limitations apply in Canada: power or internet outages, an out-of-date address or a suspended account can prevent 911 calls from working.",
          "As required by the Canadian Radio-television and Telecommunications Commission (CRTC), we inform customers of these limitations, and we provide warning labels for devices on request.",
          "Text with 9-1-1 (T9-1-1) for people who are Deaf, hard of hearing or speech-impaired is offered by wireless carriers and is not available through Poundline.",
          "Provincial or municipal 9-1-1 fees may be added to your charges where they apply.",
        ]}
      />
    ),
  },
  {
    id: "notify-users",
    title: "You Must Inform All Users",
    content: (
      <P>
        You must tell every person who uses or may use the Service at your locations, including employees,
        contractors and visitors, about these 911 limitations. Place a warning label on or near every device
        used with the Service. We provide printable 911 warning labels on request at{" "}
        <EmailLink email={company.supportEmail} />.
      </P>
    ),
  },
  {
    id: "acknowledgment",
    title: "Customer Acknowledgment",
    content: (
      <>
        <P>
          By registering for and using the Service you acknowledge and agree that you have read and understood
          this E911 Policy, including that:
        </P>
        <Bullets
          items={[
            "911 service over VoIP has the limitations described above and may not work in a power or internet outage, or when your registered address is out of date;",
            "you are responsible for providing and keeping current a registered physical address for each number and user;",
            "you will inform all users of these limitations; and",
            "you should keep an alternative means of reaching emergency services.",
          ]}
        />
        <P>
          We may ask you, and each user, to confirm this acknowledgment in the dashboard from time to time.
        </P>
      </>
    ),
  },
  {
    id: "liability",
    title: "Limitation of Liability",
    content: (
      <P>
        To the fullest extent permitted by law, Poundline, its 911 service partners and carriers are not
        liable for any claim, damage or loss arising from the unavailability, failure, delay or misrouting of
        911 calls, or from inaccurate location information, where caused by the limitations described in this
        policy, by an incorrect or out-of-date registered address, or by your failure to inform users. You
        agree to indemnify us for claims by your users or third parties arising from those causes, as set out
        in our <PageLink to="/terms-of-service">Terms of Service</PageLink>.
      </P>
    ),
  },
  {
    id: "testing",
    title: "Testing 911",
    content: (
      <P>
        Do not place a test call to 911 without first arranging it with your local emergency center through
        its non-emergency number. If you dial 911 by mistake, stay on the line and tell the dispatcher there
        is no emergency.
      </P>
    ),
  },
  {
    id: "contact",
    title: "Questions",
    content: (
      <>
        <P>For questions about 911 service or help updating your registered address, contact us:</P>
        <ContactDetails />
      </>
    ),
  },
];

export function E911PolicyPage() {
  return (
    <LegalPage
      title="E911 Policy"
      intro={
        <Alert
          variant="light"
          color="red"
          icon={<TriangleAlert size={20} aria-hidden />}
          title={
            // A darker red than the alert's own keeps the title readable on the light red background.
            <Text component="span" inherit c="red.9">
              Important emergency calling information
            </Text>
          }
        >
          <Text fz="sm">
            911 cannot yet be dialed from Poundline's phone in the browser: keep a mobile phone or a landline
            for emergencies. Emergency services may be sent to the wrong place if a number's registered
            address is not current. Please read this policy and share it with everyone who uses your phone
            system.
          </Text>
        </Alert>
      }
      sections={sections}
    />
  );
}
