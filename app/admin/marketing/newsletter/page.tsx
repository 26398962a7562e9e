import { NewsletterSubscribers } from "@/lib/ui/admin/marketing/newsletter";

export default function NewsletterPage() {
  return <NewsletterSubscribers />;
}
