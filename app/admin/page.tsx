import { Home } from "@/lib/ui/admin/home/home";

export const metadata = { title: "Home · Store admin" };

export default function AdminHomePage() {
  return <Home />;
}
