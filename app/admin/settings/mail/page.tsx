import { MailOutbox } from "@/lib/ui/admin/mail";

export default function MailPage() {
  return <MailOutbox />;
}
