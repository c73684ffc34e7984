"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import AwsS3 from "@uppy/aws-s3";
import Uppy from "@uppy/core";
import DashboardModal from "@uppy/react/dashboard-modal";
import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";
import { Button, type ButtonProps } from "@/components/ui/button";
import { apiRequest } from "@/lib/api-client/request";

/** Image uploads: one file of at most 10 MB unless the caller asks for less. */
export const IMAGE_UPLOAD_DEFAULTS = { maxNumberOfFiles: 1, maxFileSize: 10_485_760 };

export interface ImageUploadButtonProps extends Omit<ButtonProps, "onClick"> {
  maxNumberOfFiles?: number;
  maxFileSize?: number;
  /** Called with the upload URL and the bytes of each completed file. */
  onComplete(uploadURL: string, file: Blob): void;
}

/**
 * The image-upload dialog: Uppy's Dashboard in a modal, images only, started explicitly,
 * no 'powered by' credit. Each file goes by one PUT to a URL from POST /api/objects/upload.
 */
export function ImageUploadButton({
  maxNumberOfFiles = IMAGE_UPLOAD_DEFAULTS.maxNumberOfFiles,
  maxFileSize = IMAGE_UPLOAD_DEFAULTS.maxFileSize,
  onComplete,
  children,
  ...buttonProps
}: ImageUploadButtonProps) {
  const t = useTranslations("upload");
  const [open, setOpen] = useState(false);
  // Created on first open rather than during render: React's development Strict Mode mounts,
  // unmounts and remounts every component, and an instance made in render and destroyed by
  // that first unmount left the modal with no Dashboard (nothing opened under `next dev`).
  const [uppy, setUppy] = useState<Uppy | null>(null);
  const createUppy = () =>
    new Uppy({
      autoProceed: false,
      restrictions: { maxNumberOfFiles, maxFileSize, allowedFileTypes: ["image/*"] },
      locale: {
        strings: {
          exceedsSize: t.raw("tooLarge") as string,
          youCanOnlyUploadFileTypes: t.raw("onlyImages") as string,
        },
        pluralize: (n: number) => (n === 1 ? 0 : 1),
      },
    }).use(AwsS3, {
      shouldUseMultipart: false,
      async signRequest() {
        const { uploadURL } = await apiRequest<{ uploadURL: string }>("POST", "/api/objects/upload");
        return { url: uploadURL };
      },
    });

  useEffect(() => {
    if (!uppy) return;
    const handler = (file: { data?: unknown } | undefined, response: { uploadURL?: string }) => {
      if (file?.data instanceof Blob && response.uploadURL) onComplete(response.uploadURL, file.data);
    };
    const reset = () => uppy.clear();
    uppy.on("upload-success", handler);
    uppy.on("complete", reset);
    return () => {
      uppy.off("upload-success", handler);
      uppy.off("complete", reset);
    };
  }, [uppy, onComplete]);

  // Runs its cleanup only on a real unmount (or never, while no instance exists yet).
  useEffect(() => () => uppy?.destroy(), [uppy]);

  useEffect(() => {
    if (!open) return;
    // Uppy gives focus back to what was focused at opening (this button) when it closes.
    // Escape closes this modal only: Radix's dialog around the button (the contact form) listens
    // on the document in the capture phase and would close too, taking the focus with it. The
    // window's capture phase comes first.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
    };
    window.addEventListener("keydown", onKeyDown, { capture: true });
    return () => window.removeEventListener("keydown", onKeyDown, { capture: true });
  }, [open]);

  const openModal = () => {
    if (!uppy) setUppy(createUppy());
    setOpen(true);
  };

  const raw = (key: Parameters<typeof t.raw>[0]) => t.raw(key) as string;
  return (
    <>
      <Button type="button" {...buttonProps} onClick={openModal}>
        {children}
      </Button>
      {uppy ? (
        <DashboardModal
          uppy={uppy}
          open={open}
          onRequestClose={() => setOpen(false)}
          closeAfterFinish
          proudlyDisplayPoweredByUppy={false}
          // The modal keeps Uppy's default size (750 by 550); 280 px thumbnails are its default too.
          thumbnailWidth={280}
          locale={{
            strings: {
              dropPasteFiles: raw("dropHint"),
              browseFiles: raw("browse"),
              uploadXFiles: { 0: raw("uploadOne"), 1: raw("uploadMany") },
              done: raw("done"),
              cancel: raw("cancel"),
              back: raw("back"),
              addMore: raw("addMore"),
              removeFile: raw("removeFile"),
              uploadComplete: raw("uploadComplete"),
              uploading: raw("uploading"),
              closeModal: raw("closeModal"),
              xFilesSelected: { 0: raw("xFilesSelected"), 1: raw("xFilesSelected") },
            },
          }}
        />
      ) : null}
    </>
  );
}
