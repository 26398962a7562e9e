import { EditCmsPage } from "@/lib/ui/admin/cms/editor";

export default function CmsPageEditPage() {
  return <EditCmsPage />;
}
