export function CatalogueListPage({ kind }: { kind: 'series' | 'movies' }) {
  return <main className="page">{kind}</main>;
}
