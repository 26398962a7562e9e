import type { ReactNode } from "react";
import { PanelShell } from "@/lib/ui/admin/shell";

export const metadata = { title: "Store admin" };

export default function AdminLayout({ children }: { children: ReactNode }) {
  return <PanelShell>{children}</PanelShell>;
}
