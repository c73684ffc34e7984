import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { BellRing } from "lucide-react";
import { PlaybackPlayer } from "@/components/play/playback-player";
import { PLAYBACK_LINK_DAYS } from "@/config/media";
import { PRODUCT_NAME } from "@/config/product";
import { findPlaybackPage } from "@/lib/inbound/find-playback-page";
import { privatePageMetadata } from "@/lib/seo/page-metadata";

interface PageProps {
  params: Promise<{ token: string }>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const page = await findPlaybackPage((await params).token);
  if (!page) return privatePageMetadata();
  const t = await getTranslations({ locale: page.locale, namespace: "playPage" });
  return privatePageMetadata(t("title", { kind: page.kind, sender: page.senderName }));
}

/**
 * Where a voice or video reminder's link lands: no sign-in (the token is the permission), in the
 * recipient's language (the contact's, else the sender's: the language the message came in),
 * whoever opens it, with the contact's link to choose how they hear from the sender. An altered, expired or revoked link is the 404 page.
 */
export default async function PlayPage({ params }: PageProps) {
  const { token } = await params;
  const page = await findPlaybackPage(token);
  if (!page) notFound();
  const t = await getTranslations({ locale: page.locale, namespace: "playPage" });
  const values = { kind: page.kind, sender: page.senderName };
  return (
    <main id="main" lang={page.locale} className="min-h-screen bg-muted/40 px-4 py-8 sm:py-12">
      <div className="mx-auto w-full max-w-2xl space-y-6">
        <div className="flex items-center gap-2 text-lg font-semibold">
          <BellRing className="size-5 text-primary" aria-hidden />
          {PRODUCT_NAME}
        </div>
        <div className="space-y-5 rounded-xl border bg-background p-4 shadow-sm sm:p-6">
          <div className="space-y-1">
            <h1 className="text-xl font-semibold break-words sm:text-2xl">{t("title", values)}</h1>
            <p className="text-muted-foreground">{t("intro", values)}</p>
          </div>
          <PlaybackPlayer
            token={token}
            kind={page.kind}
            type={page.playbackType}
            hasPoster={page.hasPoster}
            unsupported={t("unsupported")}
            download={t("download")}
            label={t("title", values)}
          />
          {page.message ? (
            <figure className="space-y-1">
              <figcaption className="text-sm font-medium text-muted-foreground">
                {t("messageLabel")}
              </figcaption>
              <blockquote
                className="text-base break-words whitespace-pre-line"
                data-testid="playback-message"
              >
                {page.message}
              </blockquote>
            </figure>
          ) : null}
        </div>
        {page.preferencesUrl ? (
          <p className="text-center text-sm">
            <a
              href={page.preferencesUrl}
              className="font-medium text-primary underline underline-offset-4"
              data-testid="playback-preferences"
            >
              {t("preferences", { sender: page.senderName })}
            </a>
          </p>
        ) : null}
        <p className="text-center text-xs text-muted-foreground">
          {t("footer", { days: PLAYBACK_LINK_DAYS })}
        </p>
      </div>
    </main>
  );
}
