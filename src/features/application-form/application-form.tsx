/** Placeholder until the application-form feature lands (issue 3). */
export function ApplicationForm() {
  return <form aria-label="Formulario de aplicación" />
}
