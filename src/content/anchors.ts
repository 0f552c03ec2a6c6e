/**
 * The in-page anchors of the landing's sections (SPEC §2): the sections' ids,
 * the navigation and every link to them use these. Links from elsewhere
 * (e-mails, ads) may point at them, so changing one breaks those links.
 */
export const MEDIA_ANCHOR = 'medios'
export const PROFILE_ANCHOR = 'perfil'
export const PROCESS_ANCHOR = 'proceso'
export const BENEFITS_ANCHOR = 'beneficios'
export const REFERENCES_ANCHOR = 'referentes'
export const FORM_ANCHOR = 'formulario'
