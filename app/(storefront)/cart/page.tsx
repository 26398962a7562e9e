import { CartPage } from "@/lib/ui/storefront/cart-page";

export const metadata = { title: "Cart · Demo Store" };

export default function Cart() {
  return <CartPage />;
}
