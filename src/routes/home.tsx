export function HomePage() {
  return (
    <main>
      <h1>Catalítico Media for Equity</h1>
      <section id="proceso" />
      <section id="formulario" />
    </main>
  )
}
