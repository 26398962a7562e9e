import { OrderDetail } from "@/lib/ui/admin/orders/detail";

export default function OrderPage() {
  return <OrderDetail />;
}
