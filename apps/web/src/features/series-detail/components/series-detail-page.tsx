export function SeriesDetailPage() {
  return <main className="page">Series</main>;
}
