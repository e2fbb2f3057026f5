import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { PublicLayout } from "../layout/PublicLayout";
import { RequireAdmin, RequireSession } from "./guards";
import { HydrateFallback, RouteError } from "./RouteError";

/** A route whose page is a separate chunk, fetched the first time it is visited. */
const page = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

/** The route table: seed 000's public site, seed 001's console and admin area. */
const pages: RouteObject[] = [
  {
    Component: PublicLayout,
    children: [
      { path: "/", lazy: page(() => import("../pages/public/Home").then((m) => m.HomePage)) },
      { path: "/features", lazy: page(() => import("../pages/public/Features").then((m) => m.FeaturesPage)) },
      { path: "/pricing", lazy: page(() => import("../pages/public/Pricing").then((m) => m.PricingPage)) },
      {
        path: "/marketing-programs",
        lazy: page(() => import("../pages/public/MarketingPrograms").then((m) => m.MarketingProgramsPage)),
      },
      {
        path: "/nonprofit-info",
        lazy: page(() => import("../pages/public/NonprofitInfo").then((m) => m.NonprofitInfoPage)),
      },
      { path: "/contact", lazy: page(() => import("../pages/public/Contact").then((m) => m.ContactPage)) },
      { path: "/help", lazy: page(() => import("../pages/public/Help").then((m) => m.HelpPage)) },
      { path: "/qa", lazy: page(() => import("../pages/public/QA").then((m) => m.QAPage)) },
      {
        path: "/request-feature",
        lazy: page(() => import("../pages/public/RequestFeature").then((m) => m.RequestFeaturePage)),
      },
      {
        path: "/request-phone-number",
        lazy: page(() => import("../pages/public/RequestPhoneNumber").then((m) => m.RequestPhoneNumberPage)),
      },
      {
        path: "/terms-of-service",
        lazy: page(() => import("../pages/legal/TermsOfService").then((m) => m.TermsOfServicePage)),
      },
      {
        path: "/privacy-policy",
        lazy: page(() => import("../pages/legal/PrivacyPolicy").then((m) => m.PrivacyPolicyPage)),
      },
      {
        path: "/disclaimer",
        lazy: page(() => import("../pages/legal/Disclaimer").then((m) => m.DisclaimerPage)),
      },
      {
        path: "/ca-privacy-policy",
        lazy: page(() => import("../pages/legal/CaPrivacyPolicy").then((m) => m.CaPrivacyPolicyPage)),
      },
      {
        path: "/e911-policy",
        lazy: page(() => import("../pages/legal/E911Policy").then((m) => m.E911PolicyPage)),
      },
      {
        path: "/developers/api",
        lazy: page(() => import("../pages/public/ApiReference").then((m) => m.ApiReferencePage)),
      },
      {
        path: "/developers/public-api",
        lazy: page(() => import("../pages/public/PublicApiReference").then((m) => m.PublicApiReferencePage)),
      },
      { path: "/login", lazy: page(() => import("../pages/account/Login").then((m) => m.LoginPage)) },
      {
        path: "/register",
        lazy: page(() => import("../pages/account/Register").then((m) => m.RegisterPage)),
      },
      {
        path: "/forgot-password",
        lazy: page(() => import("../pages/account/ForgotPassword").then((m) => m.ForgotPasswordPage)),
      },
      {
        path: "/reset-password",
        lazy: page(() => import("../pages/account/ResetPassword").then((m) => m.ResetPasswordPage)),
      },
      {
        path: "/login/two-factor",
        lazy: page(() => import("../pages/account/TwoFactor").then((m) => m.TwoFactorPage)),
      },
      {
        path: "/confirm-email",
        lazy: page(() => import("../pages/account/ConfirmEmail").then((m) => m.ConfirmEmailPage)),
      },
      {
        path: "/invitations/:token",
        lazy: page(() => import("../pages/account/Invitation").then((m) => m.InvitationPage)),
      },
      { path: "*", lazy: page(() => import("../pages/public/NotFound").then((m) => m.NotFoundPage)) },
    ],
  },
  {
    Component: RequireSession,
    children: [
      {
        path: "/dashboard",
        lazy: page(() => import("../layout/ConsoleLayout").then((m) => m.ConsoleLayout)),
        children: [
          {
            index: true,
            lazy: page(() => import("../pages/console/Dashboard").then((m) => m.DashboardPage)),
          },
          {
            path: "contacts",
            lazy: page(() => import("../pages/console/Contacts").then((m) => m.ContactsPage)),
          },
          {
            path: "call-history",
            lazy: page(() => import("../pages/console/CallHistory").then((m) => m.CallHistoryPage)),
          },
          {
            path: "messages",
            lazy: page(() => import("../pages/console/Messages").then((m) => m.MessagesPage)),
          },
          {
            path: "messages/scheduled",
            lazy: page(() => import("../pages/console/ScheduledTexts").then((m) => m.ScheduledTextsPage)),
          },
          {
            path: "voicemails",
            lazy: page(() => import("../pages/console/Voicemails").then((m) => m.VoicemailsPage)),
          },
          {
            path: "numbers",
            lazy: page(() => import("../pages/console/PhoneNumbers").then((m) => m.PhoneNumbersPage)),
          },
          {
            path: "numbers/:numberId/toll-free-verification",
            lazy: page(() =>
              import("../pages/console/TollFreeVerification").then((m) => m.TollFreeVerificationPage),
            ),
          },
          {
            path: "geo-routing",
            lazy: page(() => import("../pages/console/GeoRouting").then((m) => m.GeoRoutingPage)),
          },
          {
            path: "analytics",
            lazy: page(() => import("../pages/console/Analytics").then((m) => m.AnalyticsPage)),
          },
          {
            path: "call-routing",
            lazy: page(() => import("../pages/console/CallRouting").then((m) => m.CallRoutingPage)),
          },
          {
            path: "extensions",
            lazy: page(() => import("../pages/console/Extensions").then((m) => m.ExtensionsPage)),
          },
          // Support tickets (seed 001's routes; /dashboard/support is the nav entry's list).
          ...["support", "support/tickets"].map((path) => ({
            path,
            lazy: page(() => import("../pages/console/SupportTickets").then((m) => m.SupportTicketsPage)),
          })),
          {
            path: "support/ticket/new",
            lazy: page(() => import("../pages/console/NewSupportTicket").then((m) => m.NewSupportTicketPage)),
          },
          {
            path: "support/ticket/:ticketId",
            lazy: page(() => import("../pages/console/SupportTicket").then((m) => m.SupportTicketPage)),
          },
          {
            path: "settings",
            lazy: page(() => import("../pages/console/Settings").then((m) => m.SettingsPage)),
          },
          {
            path: "widgets",
            lazy: page(() => import("../pages/console/Widgets").then((m) => m.WidgetsPage)),
          },
          {
            path: "webhooks",
            lazy: page(() => import("../pages/console/Webhooks").then((m) => m.WebhooksPage)),
          },
          {
            path: "ivr-menus",
            lazy: page(() => import("../pages/console/IvrMenus").then((m) => m.IvrMenusPage)),
          },
          {
            path: "billing",
            lazy: page(() => import("../pages/console/Billing").then((m) => m.BillingPage)),
          },
          {
            path: "*",
            lazy: page(() => import("../pages/console/ConsoleNotFound").then((m) => m.ConsoleNotFoundPage)),
          },
        ],
      },
    ],
  },
  {
    Component: RequireAdmin,
    children: [
      {
        // The admin area (issue 14): its shell, then one child per screen; nav in layout/admin-nav.ts.
        path: "/admin",
        lazy: page(() => import("../layout/AdminLayout").then((m) => m.AdminLayout)),
        children: [
          {
            index: true,
            lazy: page(() => import("../pages/admin/AdminDashboard").then((m) => m.AdminDashboardPage)),
          },
          {
            path: "support-tickets",
            lazy: page(() => import("../pages/admin/SupportTickets").then((m) => m.SupportTicketsAdminPage)),
          },
          {
            path: "support-tickets/:ticketId",
            lazy: page(() => import("../pages/admin/SupportTicket").then((m) => m.SupportTicketAdminPage)),
          },
          {
            path: "editable-content",
            lazy: page(() => import("../pages/admin/EditableContent").then((m) => m.EditableContentPage)),
          },
          {
            path: "editable-content/new",
            lazy: page(() => import("../pages/admin/NewContent").then((m) => m.NewContentPage)),
          },
          {
            path: "user-management",
            lazy: page(() => import("../pages/admin/UserManagement").then((m) => m.UserManagementPage)),
          },
          {
            path: "user-management/new",
            lazy: page(() => import("../pages/admin/NewUser").then((m) => m.NewUserPage)),
          },
          {
            path: "requests",
            lazy: page(() => import("../pages/admin/Requests").then((m) => m.RequestsPage)),
          },
          {
            path: "emails",
            lazy: page(() => import("../pages/admin/EmailOutbox").then((m) => m.EmailOutboxPage)),
          },
          {
            path: "porting",
            lazy: page(() => import("../pages/admin/PortInRequests").then((m) => m.PortInRequestsPage)),
          },
          {
            path: "failed-jobs",
            lazy: page(() => import("../pages/admin/FailedJobs").then((m) => m.FailedJobsPage)),
          },
          {
            path: "audit-log",
            lazy: page(() => import("../pages/admin/AuditLog").then((m) => m.AuditLogPage)),
          },
          {
            path: "*",
            lazy: page(() => import("../pages/admin/AdminNotFound").then((m) => m.AdminNotFoundPage)),
          },
        ],
      },
    ],
  },
];

/**
 * Above every route: the error page (a chunk left behind by a deploy reloads once first) and the
 * loader shown while a full load fetches its first page's code.
 */
export const routes: RouteObject[] = [{ errorElement: <RouteError />, HydrateFallback, children: pages }];
