/** Plain text with its http(s) links made clickable. */
export function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a key={index} href={part} className="text-primary underline break-all">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
