import { StorefrontKeys } from "@/lib/ui/admin/settings/storefront-keys";

export default function StorefrontKeysPage() {
  return <StorefrontKeys />;
}
