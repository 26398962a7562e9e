// What each transactional mail says, per kind and locale. A locale the table lacks falls back to DEFAULT_LOCALE.
// A template gives paragraphs and at most one link; render() makes the text part and the HTML part from them, so
// the two cannot say different things, and every interpolated value is escaped in the HTML.

export const MAIL_KINDS = [
  "registration",
  "password_reset",
  "email_changed",
  "order_placed",
  "order_canceled",
  "order_invoiced",
  "order_shipped",
  "order_refunded",
  "return_raised",
  "return_status",
  "return_reply",
  "gdpr_received",
  "gdpr_completed",
  "gdpr_declined",
  "customer_note",
  "eu_withdrawal_received",
  "webhook_disabled",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export type MailData = Record<string, string | number | null | undefined>;

interface Template {
  subject(d: MailData): string;
  paragraphs(d: MailData): string[];
  /** The call to action: its label and the absolute URL it opens. */
  link?(d: MailData): { label: string; url: string } | null;
}

export const DEFAULT_LOCALE = "en";

const v = (d: MailData, key: string) => String(d[key] ?? "");
const orderLink = (label: string) => (d: MailData) => (d.orderUrl ? { label, url: v(d, "orderUrl") } : null);
const returnLink = (label: string) => (d: MailData) => (d.returnUrl ? { label, url: v(d, "returnUrl") } : null);

const en: Record<MailKind, Template> = {
  registration: {
    subject: () => "Welcome to our store",
    paragraphs: (d) => [
      "Your account has been created.",
      d.verifyUrl ? "Please confirm your email address with the link below." : "You can sign in with your email and password.",
    ],
    link: (d) => (d.verifyUrl ? { label: "Confirm your email", url: v(d, "verifyUrl") } : null),
  },
  password_reset: {
    subject: () => "Reset your password",
    paragraphs: (d) => [
      "Someone asked to reset the password of your account.",
      `The link below works once and expires in ${v(d, "ttlMinutes")} minutes. If you did not ask, ignore this mail: your password stays as it is.`,
    ],
    link: (d) => ({ label: "Choose a new password", url: v(d, "resetUrl") }),
  },
  email_changed: {
    subject: () => "The email address of your account was changed",
    paragraphs: (d) => [
      `The email address of your account was changed to ${v(d, "newEmail")}. Mail about your account now goes there.`,
      "If you did not make this change, contact us right away: someone else may be using your account.",
    ],
  },
  order_placed: {
    subject: (d) => `Your order #${v(d, "incrementId")} has been placed`,
    paragraphs: (d) => [`Thank you for your order #${v(d, "incrementId")}.`, d.lines ? "" : `Total: ${v(d, "grandTotal")}`],
    link: orderLink("View your order"),
  },
  order_canceled: {
    subject: (d) => `Your order #${v(d, "incrementId")} has been canceled`,
    paragraphs: (d) => [`Your order #${v(d, "incrementId")} has been canceled.`],
    link: orderLink("View your order"),
  },
  order_invoiced: {
    subject: (d) => `Invoice for your order #${v(d, "incrementId")}`,
    paragraphs: (d) => [`An invoice of ${v(d, "amount")} has been issued for your order #${v(d, "incrementId")}.`],
    link: orderLink("View your order"),
  },
  order_shipped: {
    subject: (d) => `Your order #${v(d, "incrementId")} has shipped`,
    paragraphs: (d) => [
      `Your order #${v(d, "incrementId")} is on its way${d.carrierTitle ? ` with ${v(d, "carrierTitle")}` : ""}.`,
      d.trackNumber ? `Tracking number: ${v(d, "trackNumber")}` : "",
    ],
    link: orderLink("View your order"),
  },
  order_refunded: {
    subject: (d) => `Refund for your order #${v(d, "incrementId")}`,
    paragraphs: (d) => [`A refund of ${v(d, "amount")} has been issued for your order #${v(d, "incrementId")}.`],
    link: orderLink("View your order"),
  },
  return_raised: {
    subject: (d) => `Return #${v(d, "returnId")} received`,
    paragraphs: (d) => [`We have received your return request #${v(d, "returnId")} for order #${v(d, "incrementId")}.`],
    link: returnLink("View your return"),
  },
  return_status: {
    subject: (d) => `Return #${v(d, "returnId")}: ${v(d, "status")}`,
    paragraphs: (d) => [`The status of your return #${v(d, "returnId")} is now: ${v(d, "status")}.`],
    link: returnLink("View your return"),
  },
  return_reply: {
    subject: (d) => `New message about your return #${v(d, "returnId")}`,
    paragraphs: (d) => [`The store replied about your return #${v(d, "returnId")}:`, v(d, "message")],
    link: returnLink("View your return"),
  },
  gdpr_received: {
    subject: () => "We received your data request",
    paragraphs: (d) => [`We received your ${v(d, "type")} request #${v(d, "requestId")} and will answer it soon.`],
  },
  gdpr_completed: {
    subject: () => "Your data request has been completed",
    paragraphs: (d) => [`Your ${v(d, "type")} request #${v(d, "requestId")} has been completed.`],
  },
  gdpr_declined: {
    subject: () => "Your data request has been declined",
    paragraphs: (d) => [
      `We have declined your ${v(d, "type")} request #${v(d, "requestId")}, for this reason:`,
      v(d, "reason"),
      "If you disagree, you may ask again or lodge a complaint with your data protection supervisory authority.",
    ],
  },
  customer_note: {
    subject: () => "A note about your account",
    paragraphs: (d) => ["We added a note to your account:", v(d, "note")],
  },
  eu_withdrawal_received: {
    subject: (d) => `Withdrawal from order #${v(d, "incrementId")} received`,
    paragraphs: (d) => [
      `We received your withdrawal from order #${v(d, "incrementId")} on ${v(d, "receivedAt")}.`,
      `Reference: ${v(d, "uuid")}`,
    ],
  },
  webhook_disabled: {
    subject: (d) => `Webhook ${v(d, "subscriptionId")} was switched off`,
    paragraphs: (d) => [
      `The webhook subscription ${v(d, "subscriptionId")} (${v(d, "url")}) failed ${v(d, "failures")} times in a row and was switched off. The last try: ${v(d, "last")}.`,
      "No event is lost: switch it on again once the receiver answers, and it goes on from the event it stopped at.",
    ],
  },
};

const fr: Record<MailKind, Template> = {
  registration: {
    subject: () => "Bienvenue dans notre boutique",
    paragraphs: (d) => [
      "Votre compte a été créé.",
      d.verifyUrl ? "Merci de confirmer votre adresse e-mail avec le lien ci-dessous." : "Vous pouvez vous connecter avec votre e-mail et votre mot de passe.",
    ],
    link: (d) => (d.verifyUrl ? { label: "Confirmer votre e-mail", url: v(d, "verifyUrl") } : null),
  },
  password_reset: {
    subject: () => "Réinitialisez votre mot de passe",
    paragraphs: (d) => [
      "Une réinitialisation du mot de passe de votre compte a été demandée.",
      `Le lien ci-dessous ne sert qu'une fois et expire dans ${v(d, "ttlMinutes")} minutes. Si vous n'avez rien demandé, ignorez ce message.`,
    ],
    link: (d) => ({ label: "Choisir un nouveau mot de passe", url: v(d, "resetUrl") }),
  },
  email_changed: {
    subject: () => "L'adresse e-mail de votre compte a été modifiée",
    paragraphs: (d) => [
      `L'adresse e-mail de votre compte a été remplacée par ${v(d, "newEmail")}. Les messages concernant votre compte y seront envoyés.`,
      "Si vous n'êtes pas à l'origine de ce changement, contactez-nous immédiatement : quelqu'un d'autre utilise peut-être votre compte.",
    ],
  },
  order_placed: {
    subject: (d) => `Votre commande n° ${v(d, "incrementId")} est enregistrée`,
    paragraphs: (d) => [`Merci pour votre commande n° ${v(d, "incrementId")}.`, d.lines ? "" : `Total : ${v(d, "grandTotal")}`],
    link: orderLink("Voir votre commande"),
  },
  order_canceled: {
    subject: (d) => `Votre commande n° ${v(d, "incrementId")} est annulée`,
    paragraphs: (d) => [`Votre commande n° ${v(d, "incrementId")} a été annulée.`],
    link: orderLink("Voir votre commande"),
  },
  order_invoiced: {
    subject: (d) => `Facture de votre commande n° ${v(d, "incrementId")}`,
    paragraphs: (d) => [`Une facture de ${v(d, "amount")} a été émise pour votre commande n° ${v(d, "incrementId")}.`],
    link: orderLink("Voir votre commande"),
  },
  order_shipped: {
    subject: (d) => `Votre commande n° ${v(d, "incrementId")} est expédiée`,
    paragraphs: (d) => [
      `Votre commande n° ${v(d, "incrementId")} est en route${d.carrierTitle ? ` avec ${v(d, "carrierTitle")}` : ""}.`,
      d.trackNumber ? `Numéro de suivi : ${v(d, "trackNumber")}` : "",
    ],
    link: orderLink("Voir votre commande"),
  },
  order_refunded: {
    subject: (d) => `Remboursement de votre commande n° ${v(d, "incrementId")}`,
    paragraphs: (d) => [`Un remboursement de ${v(d, "amount")} a été émis pour votre commande n° ${v(d, "incrementId")}.`],
    link: orderLink("Voir votre commande"),
  },
  return_raised: {
    subject: (d) => `Retour n° ${v(d, "returnId")} reçu`,
    paragraphs: (d) => [`Nous avons reçu votre demande de retour n° ${v(d, "returnId")} pour la commande n° ${v(d, "incrementId")}.`],
    link: returnLink("Voir votre retour"),
  },
  return_status: {
    subject: (d) => `Retour n° ${v(d, "returnId")} : ${v(d, "status")}`,
    paragraphs: (d) => [`Le statut de votre retour n° ${v(d, "returnId")} est maintenant : ${v(d, "status")}.`],
    link: returnLink("Voir votre retour"),
  },
  return_reply: {
    subject: (d) => `Nouveau message sur votre retour n° ${v(d, "returnId")}`,
    paragraphs: (d) => [`La boutique a répondu au sujet de votre retour n° ${v(d, "returnId")} :`, v(d, "message")],
    link: returnLink("Voir votre retour"),
  },
  gdpr_received: {
    subject: () => "Nous avons reçu votre demande sur vos données",
    paragraphs: (d) => [`Nous avons reçu votre demande (${v(d, "type")}) n° ${v(d, "requestId")} et y répondrons rapidement.`],
  },
  gdpr_completed: {
    subject: () => "Votre demande sur vos données est traitée",
    paragraphs: (d) => [`Votre demande (${v(d, "type")}) n° ${v(d, "requestId")} a été traitée.`],
  },
  gdpr_declined: {
    subject: () => "Votre demande sur vos données est refusée",
    paragraphs: (d) => [
      `Nous avons refusé votre demande (${v(d, "type")}) n° ${v(d, "requestId")}, pour la raison suivante :`,
      v(d, "reason"),
      "Si vous n'êtes pas d'accord, vous pouvez renouveler votre demande ou introduire une réclamation auprès de votre autorité de protection des données.",
    ],
  },
  customer_note: {
    subject: () => "Une note sur votre compte",
    paragraphs: (d) => ["Nous avons ajouté une note à votre compte :", v(d, "note")],
  },
  eu_withdrawal_received: {
    subject: (d) => `Rétractation de la commande n° ${v(d, "incrementId")} reçue`,
    paragraphs: (d) => [
      `Nous avons reçu votre rétractation de la commande n° ${v(d, "incrementId")} le ${v(d, "receivedAt")}.`,
      `Référence : ${v(d, "uuid")}`,
    ],
  },
  webhook_disabled: {
    subject: (d) => `Le webhook ${v(d, "subscriptionId")} a été désactivé`,
    paragraphs: (d) => [
      `L'abonnement webhook ${v(d, "subscriptionId")} (${v(d, "url")}) a échoué ${v(d, "failures")} fois de suite et a été désactivé. Dernier essai : ${v(d, "last")}.`,
      "Aucun événement n'est perdu : réactivez-le quand le destinataire répond, il reprendra à l'événement où il s'est arrêté.",
    ],
  },
};

const TEMPLATES: Record<string, Record<MailKind, Template>> = { en, fr };

const GREETING: Record<string, (name: string) => string> = {
  en: (name) => (name ? `Hello ${name},` : "Hello,"),
  fr: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The locale the message was written in (the requested one, or the default when the table lacks it). */
  locale: string;
}

/** The headings of an order's summary (lib/mail/order-summary.ts), per locale. */
const SUMMARY: Record<string, Record<"lines" | "subTotal" | "shipping" | "tax" | "discount" | "total" | "billing" | "delivery" | "payment" | "method", string>> = {
  en: { lines: "Your order", subTotal: "Subtotal", shipping: "Shipping", tax: "Tax", discount: "Discount", total: "Total", billing: "Billing address", delivery: "Shipping address", payment: "Payment", method: "Delivery" },
  fr: { lines: "Votre commande", subTotal: "Sous-total", shipping: "Livraison", tax: "Taxes", discount: "Remise", total: "Total", billing: "Adresse de facturation", delivery: "Adresse de livraison", payment: "Paiement", method: "Mode de livraison" },
};

/** The order's summary paragraphs, when the data carries one (every order mail does). */
function summary(data: MailData, locale: string): string[] {
  if (!data.lines) return [];
  const h = SUMMARY[locale] ?? SUMMARY[DEFAULT_LOCALE];
  const row = (label: string, key: string) => (data[key] ? `${label}: ${v(data, key)}` : null);
  return [
    `${h.lines}:\n${v(data, "lines")}`,
    [row(h.subTotal, "subTotal"), row(h.shipping, "shippingAmount"), row(h.tax, "taxAmount"), data.discountAmount ? `${h.discount}: -${v(data, "discountAmount")}` : null, row(h.total, "grandTotal")].filter(Boolean).join("\n"),
    data.billingAddress ? `${h.billing}:\n${v(data, "billingAddress")}` : "",
    data.shippingAddress ? `${h.delivery}:\n${v(data, "shippingAddress")}` : "",
    [row(h.payment, "paymentTitle"), row(h.method, "shippingTitle")].filter(Boolean).join("\n"),
  ];
}

export function render(kind: MailKind, data: MailData, locale: string): RenderedMail {
  const used = TEMPLATES[locale] ? locale : DEFAULT_LOCALE;
  const t = TEMPLATES[used][kind];
  const greeting = GREETING[used](v(data, "firstName"));
  const paragraphs = [greeting, ...t.paragraphs(data).filter(Boolean), ...summary(data, used).filter(Boolean)];
  const link = t.link?.(data) ?? null;
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].join("\n\n") + "\n";
  const html = [
    "<!doctype html><html><body>",
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    "</body></html>",
  ].join("\n");
  return { subject: t.subject(data), text, html, locale: used };
}
