/** The in-page anchors of SPEC §2; links elsewhere (e-mails, ads) may point at them. */
export const FORM_ANCHOR = 'formulario'
export const PROCESS_ANCHOR = 'proceso'
