// The change feed's event types in the Admin OpenAPI document's `webhooks` (OpenAPI 3.1): what a receiver is sent
// for each type, from the one declaration (./types.ts), with the Standard Webhooks headers it checks.
import { z } from "zod";
import { EVENT_TYPES, EVENT_TYPE_NAMES } from "./types.ts";

type Json = Record<string, unknown>;

const header = (name: string, description: string) => ({ name, in: "header", required: true, description, schema: { type: "string" } });

/** One entry per event type, keyed by the type. `standardSchema` is the document's JSON Schema clean-up. */
export function eventWebhooks(standardSchema: (schema: unknown) => unknown): Record<string, Json> {
  return Object.fromEntries(
    EVENT_TYPE_NAMES.map((type) => {
      const { $schema: _s, ...data } = z.toJSONSchema(EVENT_TYPES[type].data, { io: "output" }) as Json;
      return [
        type,
        {
          post: {
            operationId: `event_${type.replace(/\W/g, "_")}`,
            summary: EVENT_TYPES[type].summary,
            description:
              "Sent to each active subscription of this type, one event at a time in the event log's order, until a 2xx answer. " +
              "Verify the signature with the subscription's secret (the `standardwebhooks` libraries: `new Webhook(secret).verify(body, headers)`) " +
              "and drop a `webhook-id` already handled: a retried event keeps its id.",
            tags: ["Events"],
            // The receiver is called, not called on: the signature, not a credential, proves the sender.
            security: [],
            parameters: [
              header("webhook-id", "`evt_<event id>`: the same on every try of one event."),
              header("webhook-timestamp", "When this try was signed, in Unix seconds; refuse one far from now."),
              header("webhook-signature", "`v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>` with the subscription's secret."),
            ],
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      type: { type: "string", const: type },
                      timestamp: { type: "string", format: "date-time", description: "When the change was committed." },
                      data: standardSchema(data),
                      eventId: { type: "integer", description: "The event's id in the event log (GET /api/admin/events)." },
                    },
                    required: ["type", "timestamp", "data", "eventId"],
                  },
                },
              },
            },
            responses: { "2XX": { description: "Received: the next event follows." }, default: { description: "Not received: the event is sent again later, with backoff." } },
          },
        },
      ];
    }),
  );
}
