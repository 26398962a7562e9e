import { CmsPages } from "@/lib/ui/admin/cms/list";

export default function CmsPagesPage() {
  return <CmsPages />;
}
