// The guest's billing address in the bench's checkout scenario and in the tests' checkouts (also used for shipping).
export const ADDRESS = {
  billingFirstName: "Ada",
  billingLastName: "Lovelace",
  billingEmail: "ada@example.com",
  billingAddress: "12 Analytical Street",
  billingCountry: "US",
  billingState: "CA",
  billingCity: "San Francisco",
  billingPostcode: "94107",
  billingPhoneNumber: "555-0100",
  useForShipping: true,
};
