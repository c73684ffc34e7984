import { PageLoading } from "@/components/billing/page-loading";

export default function BillingLoading() {
  return <PageLoading />;
}
