import formbody from "@fastify/formbody";
import Fastify from "fastify";
import twilio from "twilio";

/**
 * The two baselines of the webhook benchmark, one per process:
 *   hello    — a Fastify hello-world route;
 *   minimal  — a handler that only checks the signature with twilio.validateRequest and builds a
 *              VoiceResponse with the twilio package.
 */
const mode = process.argv[2];
const port = Number(process.env.PORT ?? 0);
const authToken = process.env.AUTH_TOKEN ?? "";
const baseUrl = process.env.PUBLIC_BASE_URL ?? "";

const app = Fastify({ logger: false });
await app.register(formbody);
if (mode === "hello") {
  app.post("/twilio/voice", async () => "hello world");
} else {
  app.post("/twilio/voice", async (request, reply) => {
    const signature = request.headers["x-twilio-signature"];
    const params = request.body as Record<string, string>;
    if (!twilio.validateRequest(authToken, String(signature), `${baseUrl}${request.url}`, params)) {
      return reply.status(403).send("invalid signature");
    }
    const response = new twilio.twiml.VoiceResponse();
    response.say("Thank you for calling.");
    return reply.type("text/xml").send(response.toString());
  });
}
await app.listen({ host: "127.0.0.1", port });
process.send?.({ ready: true });
