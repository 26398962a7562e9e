import { ReturnsPage } from "@/lib/ui/storefront/account";

export default function Returns() {
  return <ReturnsPage />;
}
