// The floor's layout: a document and nothing of the app (no translations, styles or scripts of its own).
export default function FloorLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
