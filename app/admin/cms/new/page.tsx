import { NewCmsPage } from "@/lib/ui/admin/cms/editor";

export default function NewCmsPagePage() {
  return <NewCmsPage />;
}
