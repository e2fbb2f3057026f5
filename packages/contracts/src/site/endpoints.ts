import { z } from "zod";
import { endpoint, errors } from "../endpoint";
import {
  contactBodySchema,
  contentQuerySchema,
  contentResponseSchema,
  createdResponseSchema,
  faqQuerySchema,
  faqResponseSchema,
  featureRequestBodySchema,
  phoneNumberRequestBodySchema,
  siteConfigSchema,
} from "./schemas";

/** The public site: the deployment's settings, editable texts, FAQ and the public forms. */
export const siteEndpoints = {
  config: endpoint({
    method: "GET",
    path: "/api/site",
    summary: "The public settings of this deployment (prices, Stripe key, nonprofit domain)",
    access: "public",
    responses: { 200: siteConfigSchema },
  }),
  content: endpoint({
    method: "GET",
    path: "/api/content",
    summary: "The editable texts with these keys that have a value (304 when unchanged)",
    access: "public",
    query: contentQuerySchema,
    responses: { 200: contentResponseSchema, 304: z.null().describe("Not modified"), ...errors(400) },
  }),
  faq: endpoint({
    method: "GET",
    path: "/api/faq",
    summary: "The published FAQ",
    access: "public",
    query: faqQuerySchema,
    responses: { 200: faqResponseSchema, ...errors(400) },
  }),
  contact: endpoint({
    method: "POST",
    path: "/api/contact",
    summary: "Send the contact form",
    access: "public",
    body: contactBodySchema,
    responses: { 201: createdResponseSchema, ...errors(400, 429) },
  }),
  featureRequest: endpoint({
    method: "POST",
    path: "/api/feature-requests",
    summary: "Send a feature request",
    access: "public",
    body: featureRequestBodySchema,
    responses: { 201: createdResponseSchema, ...errors(400, 429) },
  }),
  phoneNumberRequest: endpoint({
    method: "POST",
    path: "/api/phone-number-requests",
    summary: "Ask for a phone number in an area code not offered yet",
    access: "public",
    body: phoneNumberRequestBodySchema,
    responses: { 201: createdResponseSchema, ...errors(400, 429) },
  }),
};
