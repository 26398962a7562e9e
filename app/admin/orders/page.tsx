import { OrdersList } from "@/lib/ui/admin/orders/list";

export default function OrdersPage() {
  return <OrdersList />;
}
