"use client";

import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Toasts for the whole app; mounted once in the root layout. */
export function Toaster(props: ToasterProps) {
  return <Sonner position="bottom-right" richColors closeButton {...props} />;
}
