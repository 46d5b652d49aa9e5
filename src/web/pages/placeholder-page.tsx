/** A screen whose issue has not landed yet: its heading only, honestly. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">{title}</h1>
    </div>
  );
}
