import { StorefrontKeys } from "@/lib/ui/admin/storefront-keys";

export default function StorefrontKeysPage() {
  return <StorefrontKeys />;
}
