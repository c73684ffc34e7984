import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CheckoutRedirect } from "@/components/billing/checkout-redirect";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("checkout");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

export default async function CheckoutPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  return (
    <CheckoutRedirect
      plan={first(params.plan)}
      frequency={first(params.frequency)}
      packageIndex={first(params.package)}
      seats={first(params.seats)}
    />
  );
}
