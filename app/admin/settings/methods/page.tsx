import { Methods } from "@/lib/ui/admin/settings/methods";

export default function MethodsPage() {
  return <Methods />;
}
