import { toast } from "sonner";

/**
 * Copies `text` and says so. Without a clipboard (a page served over plain HTTP, or permission
 * refused) it selects the element `fallbackId` (a field or any text) for the user to copy.
 */
export async function copyText(text: string, fallbackId: string, said: { copied: string; failed: string }) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(said.copied);
  } catch {
    const element = document.getElementById(fallbackId);
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.select();
    else if (element) window.getSelection()?.selectAllChildren(element);
    toast.error(said.failed);
  }
}
