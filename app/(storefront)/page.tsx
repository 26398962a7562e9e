import { Home } from "@/lib/ui/storefront/catalog";

export default function HomePage() {
  return <Home />;
}
