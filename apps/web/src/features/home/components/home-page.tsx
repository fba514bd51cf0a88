export function HomePage() {
  return <main className="page">Home</main>;
}
