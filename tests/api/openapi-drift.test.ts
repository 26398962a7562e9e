// The drift guard (tests/support/openapi-guard.ts) holds every REST answer of the suite to the OpenAPI document.
// These tests show it can fail: an answer the document does not describe throws, one it does passes.
import { describe, expect, it } from "vitest";
import { checkAgainstDocument } from "../support/openapi-guard.ts";
import { locales, countryStates } from "../../lib/store/operations.ts";
import { downloadCustomerDownloadableProduct } from "../../lib/downloads/operations.ts";

const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });

describe("OpenAPI drift guard", () => {
  it("passes an answer the document describes", async () => {
    const rows = [{ id: 1, code: "en", name: "English", direction: "ltr", logoPath: null, logoUrl: null, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" }];
    await expect(checkAgainstDocument(locales, "GET", "/api/shop/locales", jsonAnswer(rows))).resolves.toBeUndefined();
    await expect(checkAgainstDocument(locales, "GET", "/api/shop/locales", jsonAnswer({ message: "Slow down.", error: "rate_limit_exceeded", retry_after: 3 }, 429))).resolves.toBeUndefined();
    await expect(checkAgainstDocument(countryStates, "GET", "/api/shop/countries/FR/states", jsonAnswer({ message: "Country not found." }, 404))).resolves.toBeUndefined();
  });

  it("refuses a body that breaks the documented schema, naming the operation and the field", async () => {
    const rows = [{ id: "1", code: "en", name: "English", logoPath: null, logoUrl: null, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" }];
    const check = checkAgainstDocument(locales, "GET", "/api/shop/locales", jsonAnswer(rows));
    await expect(check).rejects.toThrow(/OpenAPI drift: locales \(GET \/api\/shop\/locales\) answered 200: .*\/0\/id must be integer/);
    await expect(checkAgainstDocument(locales, "GET", "/api/shop/locales", jsonAnswer(rows))).rejects.toThrow(/must have required property 'direction'/);
    // An error answer is held to the Error schema too.
    await expect(checkAgainstDocument(locales, "GET", "/api/shop/locales", jsonAnswer({ error: "x" }, 403))).rejects.toThrow(/answered 403.*required property 'message'/);
  });

  it("refuses a status the document does not list for the operation", async () => {
    // The locale list has no path id, so it documents no 404; nothing documents a 418.
    await expect(checkAgainstDocument(locales, "GET", "/api/shop/locales", jsonAnswer({ message: "Not found." }, 404))).rejects.toThrow(/status 404 is not documented/);
    await expect(checkAgainstDocument(countryStates, "GET", "/api/shop/countries/FR/states", jsonAnswer({ message: "Teapot." }, 418))).rejects.toThrow(/countryStates .* status 418 is not documented/);
  });

  it("refuses a path or method the operation is not documented on, and a body of another content type", async () => {
    await expect(checkAgainstDocument(locales, "GET", "/api/shop/currencies", jsonAnswer([]))).rejects.toThrow(/matches none of the operation's documented paths/);
    await expect(checkAgainstDocument(locales, "POST", "/api/shop/locales", jsonAnswer([]))).rejects.toThrow(/no POST \/api\/shop\/locales/);
    const text = new Response("<html></html>", { status: 200, headers: { "Content-Type": "text/html" } });
    await expect(checkAgainstDocument(locales, "GET", "/api/shop/locales", text)).rejects.toThrow(/the body is text\/html/);
  });

  it("checks an attachment for its status only", async () => {
    const file = () => new Response("a,b\n1,2\n", { status: 200, headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="a.csv"' } });
    const path = "/api/shop/customer-downloadable-products/7/download";
    await expect(checkAgainstDocument(downloadCustomerDownloadableProduct, "GET", path, file())).resolves.toBeUndefined();
    await expect(checkAgainstDocument(downloadCustomerDownloadableProduct, "GET", path, new Response("x", { status: 418, headers: { "Content-Disposition": "attachment" } }))).rejects.toThrow(/status 418/);
  });

  it("leaves answers of anything but a REST operation unchecked", async () => {
    await expect(checkAgainstDocument(undefined, "POST", "/api/graphql", jsonAnswer({ anything: true }, 418))).resolves.toBeUndefined();
  });
});
