// A GraphQL error never repeats a submitted password (lib/graphql/redact.ts). graphql-js quotes what it refuses: a
// variable of the wrong shape whole (`got invalid value { …, password: "…" }`), a wrong literal or a syntax error's
// token as written. On both endpoints every such error still says what is wrong, without the secret, and nothing
// is written.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, graphql, storefrontKey, unique, type GraphqlAnswer } from "../support/client.ts";
import { adminGraphql, adminToken } from "../support/admin.ts";
import { isSecretField, redactText, submittedSecrets } from "../../lib/graphql/redact.ts";

const PASSWORD = "Quiet-Harbor-Lamp-42";
const OTHER = "Amber-Falcon-Drift-97";

let key: string;
let token: string;
beforeAll(async () => {
  key = await storefrontKey();
  token = await adminToken();
});

/** The answer's text holds neither password, in any form graphql-js might print it. */
function expectNoSecret(res: GraphqlAnswer, ...secrets: string[]) {
  const text = JSON.stringify(res.body);
  for (const s of [PASSWORD, OTHER, ...secrets]) {
    expect(text, text).not.toContain(s);
    expect(text, text).not.toContain(JSON.stringify(s).slice(1, -1));
  }
  expect(res.body.errors?.length, text).toBeGreaterThan(0);
}

const customerRows = async (email: string) => (await getDb()).customer.count({ where: { email } });

describe("Shop createCustomer refused by GraphQL's own checks", () => {
  const mutation = "mutation Register($input: createCustomerInput!) { createCustomer(input: $input) { customer { id } } }";
  const input = (email: string, extra: Record<string, unknown> = {}) => ({ firstName: "Ada", lastName: "Lovelace", email, password: PASSWORD, confirmPassword: PASSWORD, ...extra });

  const cases: { name: string; vars: (email: string) => Record<string, unknown>; says: RegExp }[] = [
    { name: "a wrong-typed field", vars: (e) => input(e, { firstName: 5 }), says: /input\.firstName.*String cannot represent/ },
    { name: "an unknown field (graphql-js prints the whole input)", vars: (e) => input(e, { bogus: 1 }), says: /Field "bogus" is not defined/ },
    { name: "a missing field (graphql-js prints the whole input)", vars: (e) => { const { firstName: _, ...rest } = input(e); return rest; }, says: /Field "firstName" of required type/ },
    { name: "a password of the wrong type", vars: (e) => input(e, { password: 424242424242, confirmPassword: OTHER }), says: /input\.password.*String cannot represent/ },
    { name: "a list where the password goes", vars: (e) => input(e, { password: [PASSWORD, OTHER] }), says: /input\.password/ },
  ];

  it.each(cases)("$name: the message says what is wrong and quotes no password", async ({ vars, says }) => {
    const email = `${unique("redact")}@example.com`;

    const res = await graphql(mutation, { input: vars(email) }, { key });

    expect(res.body.errors?.[0]?.message).toMatch(says);
    expectNoSecret(res, "424242424242");
    expect(res.body.data?.createCustomer ?? null).toBeNull();
    expect(await customerRows(email)).toBe(0);
  });

  it("a password given in a variable of another name ($p), of the wrong type", async () => {
    const email = `${unique("redact")}@example.com`;
    const doc = `mutation($p: String!) { createCustomer(input: { firstName: "Ada", lastName: "L", email: "${email}", password: $p, confirmPassword: $p }) { customer { id } } }`;

    const res = await graphql(doc, { p: 9876543210123 }, { key });

    expect(res.body.errors?.[0]?.message).toMatch(/Variable "\$p" got invalid value/);
    expectNoSecret(res, "9876543210123");
    expect(await customerRows(email)).toBe(0);
  });

  it("a password written in the document: a wrong literal, and a syntax error right after it", async () => {
    const email = `${unique("redact")}@example.com`;
    const literal = await graphql(`mutation { createCustomer(input: { firstName: "Ada", lastName: "L", email: "${email}", password: 7777777711, confirmPassword: "${PASSWORD}" }) { customer { id } } }`, undefined, { key });
    expect(literal.body.errors?.[0]?.message).toMatch(/String cannot represent/);
    expectNoSecret(literal, "7777777711");

    const broken = await graphql(`mutation { createCustomer(input: { firstName: "Ada", lastName: "L", email: "${email}", password "${PASSWORD}" }) { customer { id } } }`, undefined, { key });
    expect(broken.body.errors?.[0]?.message).toMatch(/^Syntax Error/);
    expectNoSecret(broken);
    expect(await customerRows(email)).toBe(0);
  });

  it("a refusal by the operation's own rules still names the field, without its value", async () => {
    const email = `${unique("redact")}@example.com`;

    const res = await graphql(mutation, { input: input(email, { confirmPassword: OTHER }) }, { key });

    expect(res.body.errors?.[0]?.extensions).toMatchObject({ status: 422 });
    expect(JSON.stringify(res.body.errors?.[0])).toMatch(/confirmPassword|password/i);
    expectNoSecret(res);
    expect(await customerRows(email)).toBe(0);
  });
});

describe("Admin GraphQL", () => {
  it("createAdminCustomer and createAdminUser refused by variable coercion quote no password", async () => {
    const email = `${unique("redact-admin")}@example.com`;
    const customer = await adminGraphql(token, "mutation($input: createAdminCustomerInput!) { createAdminCustomer(input: $input) { adminCustomer { id } } }", {
      input: { firstName: "Ada", lastName: "L", email, password: PASSWORD, bogus: true },
    });
    expect(customer.body.errors?.[0]?.message).toMatch(/Field "bogus" is not defined/);
    expectNoSecret(customer);

    const user = await adminGraphql(token, "mutation($input: createAdminUserInput!) { createAdminUser(input: $input) { adminUser { id } } }", {
      input: { name: "Ada", email, password: PASSWORD, roleId: "not-a-number", passwordConfirmation: OTHER, extra: 1 },
    });
    expectNoSecret(user);

    const db = await getDb();
    expect(await db.customer.count({ where: { email } })).toBe(0);
    expect(await db.adminUser.count({ where: { email } })).toBe(0);
  });
});

describe("redactText and submittedSecrets", () => {
  it("names: passwords, secrets, tokens and keys, in any spelling", () => {
    for (const name of ["password", "confirmPassword", "passwordConfirmation", "currentPassword", "new_password", "token", "cartToken", "secret", "clientSecret", "key", "apiKey", "x-storefront-key"]) {
      expect(isSecretField(name), name).toBe(true);
    }
    for (const name of ["email", "firstName", "keyword", "monkey", "sku", "tokenCount"]) expect(isSecretField(name), name).toBe(false);
  });

  it("collects the values of secret fields from variables and literals, and blots them out however quoted", () => {
    const secrets = submittedSecrets('mutation($p: String) { a(input: { password: $p, token: "tok-\\"quoted\\"-123", email: "e@x.io" }) }', { p: PASSWORD, other: { newPassword: OTHER, name: "Ada" } });
    expect(secrets.sort()).toEqual([OTHER, PASSWORD, 'tok-"quoted"-123'].sort());
    const message = `got ${JSON.stringify(PASSWORD)} and ${OTHER} and "tok-\\"quoted\\"-123"`;
    expect(redactText(message, secrets)).toBe('got "[redacted]" and [redacted] and "[redacted]"');
  });

  it("leaves a validation message about a password field as it is", () => {
    expect(redactText("password: must be at least 12 characters", [])).toBe("password: must be at least 12 characters");
    expect(redactText('Variable "$input" got invalid value { email: "a@b.c", password: "x y" }; Field "z" is not defined', [])).toBe(
      'Variable "$input" got invalid value { email: "a@b.c", password: "[redacted]" }; Field "z" is not defined',
    );
  });
});
