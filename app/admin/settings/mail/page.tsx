import { MailOutbox } from "@/lib/ui/admin/settings/mail";

export default function MailPage() {
  return <MailOutbox />;
}
