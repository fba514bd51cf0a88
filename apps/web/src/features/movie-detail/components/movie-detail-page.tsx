export function MovieDetailPage() {
  return <main className="page">Movie</main>;
}
