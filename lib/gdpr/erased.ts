// How an erased customer is known (./erase.ts writes it): pure, so the panel can ask it too.

/** The address an erased customer's records carry instead of theirs: unique per customer, never deliverable. */
export const erasedEmail = (customerId: number) => `erased-customer-${customerId}@erased.invalid`;

/** The customer's personal data was erased: their address is no one's and nothing is mailed to it. */
export const isErasedEmail = (email: string) => /^erased-customer-\d+@erased\.invalid$/.test(email);
