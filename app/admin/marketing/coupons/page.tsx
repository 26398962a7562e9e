import { Coupons } from "@/lib/ui/admin/marketing/coupons";

export default function CouponsPage() {
  return <Coupons />;
}
