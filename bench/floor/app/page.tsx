export const dynamic = "force-dynamic";

/** The page floor: rendered on every request, as the app's pages are. */
export default function FloorPage() {
  return (
    <main id="main">
      <h1>Remindful</h1>
    </main>
  );
}
