// Rendered on every request, as the web's /en is: the baseline measures Next's own server-rendering cost.
export const dynamic = 'force-dynamic';

export default function Page() {
  return (
    <main>
      <h1>Baseline</h1>
      <p>{new Date().toISOString()}</p>
    </main>
  );
}
