/** The 21 fields of the form, in four sections, laid out for reading. */
import {
  FIELD_LABELS,
  LEGAL_RESTRICTION_LABELS,
  PRODUCT_STAGE_LABELS,
  type Application,
  type ApplicationField,
  type LegalRestriction,
  type ProductStage,
} from '../../../../domain/application.ts'
import { Panel } from '../../components/ui.tsx'

const SECTIONS: { title: string; fields: ApplicationField[]; long?: ApplicationField[] }[] = [
  { title: 'Empresa', fields: ['companyName', 'tradeName', 'website', 'city', 'foundingYear'] },
  { title: 'Founder', fields: ['founderName', 'position', 'email', 'phone', 'foundersInfo'] },
  {
    title: 'Producto y tracción',
    fields: ['problemSolution', 'valueProposition', 'productStage', 'activeUsers', 'salesChannels', 'revenue'],
    long: ['problemSolution', 'valueProposition', 'salesChannels'],
  },
  {
    title: 'Inversión y medios',
    fields: ['equityPercentage', 'legalRestrictions', 'currentInvestors', 'mediaExpectations', 'supportNeeded'],
    long: ['mediaExpectations', 'supportNeeded'],
  },
]

function display(field: ApplicationField, value: string): string {
  if (value.trim() === '') return '—'
  if (field === 'productStage') return PRODUCT_STAGE_LABELS[value as ProductStage] ?? value
  if (field === 'legalRestrictions') return LEGAL_RESTRICTION_LABELS[value as LegalRestriction] ?? value
  return value
}

export function ApplicationFields({ formData }: { formData: Application }) {
  return (
    <>
      {SECTIONS.map((section) => (
        <Panel key={section.title} title={section.title}>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
            {section.fields.map((field) => {
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
                      display(field, value)
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
