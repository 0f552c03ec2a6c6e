/**
 * The fields the form asks, in four sections, laid out for reading. The two
 * it sends without asking (HIDDEN_FIELDS, always empty) are not shown.
 */
import { FIELD_LABELS, HIDDEN_FIELDS, type Application, type ApplicationField } from '../../../../domain/application.ts'
import { fieldValueText } from '../../../../domain/field-display.ts'
import { Panel } from '../../components/ui.tsx'

const hidden: readonly ApplicationField[] = HIDDEN_FIELDS

const SECTIONS: { title: string; fields: ApplicationField[]; long?: ApplicationField[] }[] = [
  { title: 'Empresa', fields: ['companyName', 'tradeName', 'website', 'city', 'foundingYear'] },
  { title: 'Persona fundadora', fields: ['founderName', 'position', 'email', 'phone'] },
  {
    title: 'Producto y tracción',
    fields: ['problemSolution', 'valueProposition', 'productStage', 'activeUsers', 'salesChannels', 'revenue'],
    long: ['problemSolution', 'valueProposition', 'salesChannels'],
  },
  {
    title: 'Inversión y medios',
    fields: ['equityPercentage', 'legalRestrictions', 'mediaExpectations', 'supportNeeded'],
    long: ['mediaExpectations', 'supportNeeded'],
  },
]

export function ApplicationFields({ formData }: { formData: Application }) {
  return (
    <>
      {SECTIONS.map((section) => (
        <Panel key={section.title} title={section.title}>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
            {section.fields.filter((field) => !hidden.includes(field)).map((field) => {
              const value = formData[field] ?? ''
              const long = section.long?.includes(field)
              return (
                <div key={field} className={long ? 'sm:col-span-2' : undefined}>
                  <dt className="text-xs font-semibold text-ink-600">{FIELD_LABELS[field]}</dt>
                  <dd className="mt-0.5 text-sm break-words whitespace-pre-line text-ink-950">
                    {field === 'website' && value ? (
                      <a
                        href={/^https?:\/\//i.test(value) ? value : `https://${value}`}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        className="underline underline-offset-2"
                      >
                        {value}
                      </a>
                    ) : field === 'email' && value ? (
                      <a href={`mailto:${value}`} className="underline underline-offset-2">
                        {value}
                      </a>
                    ) : (
                      fieldValueText(field, value)
                    )}
                  </dd>
                </div>
              )
            })}
          </dl>
        </Panel>
      ))}
    </>
  )
}
