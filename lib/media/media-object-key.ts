/** The objects of a clip in the store: its upload and what processing makes from it. */
export type MediaObjectName = "source" | "playback.mp3" | "playback.mp4" | "poster.jpg" | "whatsapp.mp4";

export const mediaObjectKey = (mediaId: string, name: MediaObjectName) => `media/${mediaId}/${name}`;
