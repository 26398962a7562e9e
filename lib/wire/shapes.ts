// Answer shapes shared by both surfaces.
import { z } from "zod";

/** The answer to a delete: the record's id (an IRI on GraphQL), `success` and a message. */
export function deletedShape(name: string, iri: string) {
  return z.object({ id: z.int(), success: z.boolean(), message: z.string() }).meta({ id: name, iri });
}
