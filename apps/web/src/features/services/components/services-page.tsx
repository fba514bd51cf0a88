export function ServicesPage() {
  return <main className="page">Services</main>;
}
