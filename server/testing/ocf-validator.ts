/**
 * For tests: the Open Cap Format's file schemas (server/testing/ocf/schema, copied from the standard with
 * its licence) loaded into Ajv (draft-07), every `$ref` resolved from the local copy, never fetched. Used by
 * the OCF export's unit tests and the end-to-end walk.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'

export const OCF_SCHEMA_DIR = fileURLToPath(new URL('./ocf/schema/', import.meta.url))
export const OCF_SCHEMA_PREFIX = 'https://raw.githubusercontent.com/Open-Cap-Table-Coalition/Open-Cap-Format-OCF/main/schema/'

const FILE_SCHEMAS: Record<string, string> = {
  OCF_MANIFEST_FILE: 'files/OCFManifestFile.schema.json',
  OCF_STAKEHOLDERS_FILE: 'files/StakeholdersFile.schema.json',
  OCF_STOCK_CLASSES_FILE: 'files/StockClassesFile.schema.json',
  OCF_TRANSACTIONS_FILE: 'files/TransactionsFile.schema.json',
  OCF_VALUATIONS_FILE: 'files/ValuationsFile.schema.json',
}

const schemaFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? schemaFiles(path) : name.endsWith('.schema.json') ? [path] : []
  })

let validators: Map<string, ValidateFunction> | null = null

/** The validator of one OCF file type (`file_type`); every schema's `$id` checked against its local path. */
export function ocfFileValidator(fileType: string): ValidateFunction {
  if (!validators) {
    const files = schemaFiles(OCF_SCHEMA_DIR)
    if (files.length === 0) throw new Error(`No *.schema.json under ${OCF_SCHEMA_DIR}: the OCF schemas are missing.`)
    const ajv = new Ajv({ strict: false, allErrors: true })
    addFormats(ajv)
    for (const file of files) {
      const schema = JSON.parse(readFileSync(file, 'utf8')) as { $id?: string }
      const relative = file.slice(OCF_SCHEMA_DIR.length).split('\\').join('/')
      if (schema.$id !== `${OCF_SCHEMA_PREFIX}${relative}`) throw new Error(`${file}: its $id ${schema.$id} does not name this file`)
      ajv.addSchema(schema)
    }
    validators = new Map(Object.entries(FILE_SCHEMAS).map(([type, path]) => [type, ajv.getSchema(`${OCF_SCHEMA_PREFIX}${path}`)!]))
  }
  const validate = validators.get(fileType)
  if (!validate) throw new Error(`No file schema for ${fileType}`)
  return validate
}

/** Null when `json` validates against its file type's schema; else the first errors, as JSON. */
export function ocfProblems(json: unknown): string | null {
  const validate = ocfFileValidator((json as { file_type?: string }).file_type ?? '')
  if (validate(json)) return null
  return JSON.stringify(validate.errors?.slice(0, 20), null, 2)
}
